/**
 * Work model (remote / hybrid / onsite) and remote share.
 *
 * Work model, first that tells: `jobLocationType` (TELECOMMUTE -> remote, HYBRID -> hybrid), the
 * title ("100% remote", "(Wien/Remote)", "hybrid", "Teletrabajo"), an explicit remote share in the
 * text (100 -> remote, 1..99 -> hybrid), text cues in de/es/en (negations such as "keine Remote
 * Stelle" and "Vorwiegend onsite" first, then remote, then hybrid cues). Nothing said: onsite when
 * the posting names a physical place, else null.
 *
 * Remote share, only when the posting states it: an explicit "80 % Remote" / "bis zu 100% Remote"
 * / "100 % Teletrabajo"; else remote days per week × 20 ("3 Tage Office + 2 Tage Remote" -> 40,
 * "two days of remote working" -> 40, "Homeoffice ... bis zu 3 Tagen / Woche" -> 60); else 100
 * for a fully remote job (TELECOMMUTE, "100% remote", "fully remote", "Solo teletrabajo", "This is a
 * remote position") and 0 for a job that says it is not remote ("keine Remote Stelle", "100 %
 * presencial"). "Hybrid", "Homeoffice möglich", "remote-first", "mostly remote", "Vorwiegend
 * onsite" or no word at all give the work model and no share (null). A bare percentage
 * ("Auslastung 20%", "Pensum 80-100%") is not a remote share.
 */
import type { WorkModel } from '../../domain/vocab.js';
import { NUMBER_WORDS } from '../text/number-words.js';

export interface WorkInput {
  /** Lower-case title. */
  title: string;
  jobLocationType: string | null;
  /** Lower-case plain description. */
  text: string;
  hasPhysicalPlace: boolean;
}

export interface WorkResult {
  workModel: WorkModel | null;
  remotePercentage: number | null;
}

const PERCENT_PER_DAY = 20;

const TITLE_REMOTE =
  /\b(?:100\s*%\s*(?:remote|remoto|teletrabajo|homeoffice)|full(?:y)?[- ]remote|remote|remoto|teletrabajo|homeoffice|home office|work from home)\b/;
/** Partial remote work named in a title: hybrid, "teletrabajo parcial", "teilweise Homeoffice". */
const TITLE_HYBRID =
  /\bh[ií]brid[oa]?\b|\bhybrid\b|(?:teletrabajo|remoto) parcial|parcialmente (?:en )?remoto|teilweise (?:remote|home ?office)/;
/** Onsite statements that also state a remote share of 0. */
const NO_REMOTE =
  /\bkeine?[nr]? remote\b|keine? remote[- ]?(?:stelle|t[aä]tigkeit|arbeit|m[oö]glichkeit|job)|kein(?:e)? (?:home ?office|mobiles arbeiten)|no remote\b|sin teletrabajo|not (?:a )?remote|(?:ausschlie(?:ß|ss)lich|nur) (?:onsite|vor ort)|100\s*%\s*(?:onsite|vor ort|presencial)|on[- ]site only|fully on[- ]site|\bsolo presencial/;
/** Remote statements that do not make the job fully remote. */
const REMOTE_FIRST = /remote[- ]first/;
const ONSITE_CUES =
  /\bkeine?[nr]? remote\b|keine? remote[- ]?(?:stelle|t[aä]tigkeit|arbeit|m[oö]glichkeit|job)|kein(?:e)? (?:home ?office|mobiles arbeiten)|no remote\b|sin teletrabajo|not (?:a )?remote|(?:vorwiegend|ausschlie(?:ß|ss)lich|nur) (?:onsite|vor ort)|100\s*%\s*(?:onsite|vor ort|presencial)|\bpresencial\b|on[- ]site only|fully on[- ]site/;
const REMOTE_CUES =
  /100\s*%\s*(?:remote|teletrabajo|home ?office)|\bfull(?:y)?[- ]remote|\bremote vollst[aä]ndig|vollst[aä]ndig(?:es)? remote|komplett remote|solo teletrabajo|teletrabajo (?:total|100)|this is a remote (?:position|job|role)|work from anywhere|remote[- ]only|\bremote position\b|\bremote \/ hybrid\b|remote[- ]first/;
const FULLY_REMOTE =
  /100\s*%\s*(?:remote|teletrabajo|home ?office)|\bfull(?:y)?[- ]remote|remote vollst[aä]ndig|vollst[aä]ndig(?:es)? remote|komplett remote|solo teletrabajo|teletrabajo (?:total|100)|this is a remote (?:position|job|role)|work from anywhere|remote[- ]only|\bremote position\b/;
const MOSTLY_REMOTE =
  /a distancia la mayor parte|mostly remote|[uü]berwiegend (?:remote|im home ?office)|gro(?:ß|ss)teils remote/;
const HYBRID_CUES =
  /\bhybrid|\bh[ií]brid[oa]|mobiles arbeiten|mobile office|home ?office|homeoffice|remote[- ]arbeit|remote m[oö]glich|work(?:ing)? remotely|mix of both|teletrabajo|working from home|work from home|trabajo en remoto|\b(?:in|en) remoto\b|von zu hause|desde casa|a distancia/;

const EXPLICIT_PERCENT =
  /(?:bis zu\s*|up to\s*|hasta (?:un |el )?)?(\d{1,3})\s*%\s*(?:-\s*)?(?:(?:deutschlandweit|österreichweit|schweizweit|europaweit|bundesweit|en|de|im|in)\s+){0,2}(?:remote|remoto|teletrabajo|home ?office|mobil(?:es)? arbeiten|mobile work)|(?:remote|home ?office|teletrabajo)(?:-?anteil)?\s*(?:von\s*|de\s*|:\s*)?(?:bis zu\s*|up to\s*|hasta\s*)?(\d{1,3})\s*%/;
const DAY_COUNT = String.raw`(?<![a-zäöüß\d])(\d|ein(?:en|e)?|one|un[oa]?|zwei|two|dos|drei|three|tres|vier|four|cuatro|fünf|five|cinco)`;
const DAY_WORD = String.raw`\s*(?:tage?n?|days?|d[ií]as?)\b`;
const REMOTE_WORD = String.raw`(?:remoto|remote|home ?office|homeoffice|mobil\w*|teletrabajo|working from home|from home)`;
/** "2 Tage Remote", "two days of remote working" / "Homeoffice ... bis zu 3 Tagen". */
const DAYS_THEN_REMOTE = new RegExp(`${DAY_COUNT}${DAY_WORD}(?:\\s+\\S+){0,3}?\\s*${REMOTE_WORD}`);
const REMOTE_THEN_DAYS = new RegExp(
  `(?:remoto|remote|home ?office|homeoffice|mobil\\w* arbeiten|teletrabajo)\\b[^.\\n]{0,40}?${DAY_COUNT}${DAY_WORD}`,
);
const ANY_DAY = /tag|day|d[ií]a/;

/** Any word the text cues need; a text without one skips them all (most postings). */
const WORK_WORDS =
  /remot|home|hause|casa|mobil|telet|h[yí]brid|distancia|onsite|on-site|on site|vor ort|presencial|anywhere|anwesenheit|presence/;

export function classifyWork(input: WorkInput): WorkResult {
  const text = WORK_WORDS.test(input.text) ? input.text : '';
  const cues = text === input.text ? input : { ...input, text };
  const explicit = explicitPercentage(input.title) ?? explicitPercentage(text);
  const workModel = modelOf(cues, explicit);
  if (workModel === null) return { workModel, remotePercentage: explicit };
  const share = explicit ?? (workModel === 'onsite' ? null : daysPercentage(text));
  return { workModel, remotePercentage: share ?? statedShare(workModel, cues) };
}

/** 100 for a job stated fully remote, 0 for one stated not remote; null otherwise (nothing invented). */
function statedShare(workModel: WorkModel, input: WorkInput): number | null {
  if (workModel === 'onsite') return NO_REMOTE.test(input.text) ? 0 : null;
  if (workModel !== 'remote') return null;
  // A text that offers remote or hybrid work states no full remote share, whatever the flag says.
  if (/\bremote\s*\/\s*hybrid\b|\bhybrid\s*\/\s*remote\b/.test(input.text) && !FULLY_REMOTE.test(input.text))
    return null;
  const type = input.jobLocationType ?? '';
  if (type.includes('TELECOMMUTE') || type === 'REMOTE') return 100;
  if (REMOTE_FIRST.test(input.text) && !FULLY_REMOTE.test(input.text) && !TITLE_REMOTE.test(input.title)) return null;
  return 100;
}

function modelOf(input: WorkInput, explicit: number | null): WorkModel | null {
  const type = input.jobLocationType ?? '';
  if (type.includes('TELECOMMUTE') || type === 'REMOTE') return 'remote';
  if (type.includes('HYBRID')) return 'hybrid';
  if (TITLE_HYBRID.test(input.title)) return 'hybrid';
  if (TITLE_REMOTE.test(input.title)) return 'remote';
  if (explicit !== null) return explicit >= 100 ? 'remote' : explicit > 0 ? 'hybrid' : 'onsite';
  const text = input.text;
  if (ONSITE_CUES.test(text)) return 'onsite';
  if (REMOTE_CUES.test(text)) return 'remote';
  if (HYBRID_CUES.test(text) || MOSTLY_REMOTE.test(text)) return 'hybrid';
  const days = daysPercentage(text);
  if (days !== null) return days >= 100 ? 'remote' : 'hybrid';
  return input.hasPhysicalPlace ? 'onsite' : null;
}

/** A stated share of presence ("50%ige Anwesenheit im HQ", "50% presence", "60% presencial"): the rest is remote. */
const PRESENCE_PERCENT =
  /(\d{1,3})\s*%(?:ige[nmr]?)?\s+(?:anwesenheit|pr[aä]senz|vor[- ]ort|im b[uü]ro|presence|in[- ]office|on[- ]site|presencial(?:idad)?)/;

function explicitPercentage(text: string): number | null {
  if (!text.includes('%')) return null;
  const m = EXPLICIT_PERCENT.exec(text);
  if (m) {
    const n = Number(m[1] ?? m[2]);
    return n >= 0 && n <= 100 ? n : null;
  }
  const presence = PRESENCE_PERCENT.exec(text);
  const n = presence ? Number(presence[1]) : -1;
  // 100 % presence is an onsite statement (NO_REMOTE), not a share read here.
  return n >= 1 && n <= 99 ? 100 - n : null;
}

function daysPercentage(text: string): number | null {
  if (text === '' || !ANY_DAY.test(text)) return null;
  const a = DAYS_THEN_REMOTE.exec(text);
  const b = REMOTE_THEN_DAYS.exec(text);
  const m = a !== null && (b === null || a.index <= b.index) ? a : b;
  if (m === null) return null;
  const word = m[1] ?? '';
  const days = /^\d$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? 0);
  return days >= 1 && days <= 5 ? days * PERCENT_PER_DAY : null;
}
