import { h } from './dom.js';

export interface Option {
  value: string;
  label: string;
  /** e.g. a job count, shown after the label */
  hint?: string;
}

export interface ComboboxOptions {
  id: string;
  label: string;
  placeholder: string;
  /** Suggestions for the typed text (the page's autosuggest call). */
  suggest: (q: string, signal: AbortSignal) => Promise<Option[]>;
  onPick: (option: Option | null) => void;
  noResults: () => string;
}

/**
 * An ARIA 1.2 combobox with a list popup (the WAI-ARIA Authoring Practices pattern): the input
 * keeps focus, ArrowDown/ArrowUp move the active option (aria-activedescendant), Enter picks it,
 * Escape closes the list (a second Escape clears the text), Tab leaves. Clearing the text and
 * pressing Enter removes the filter.
 */
export class Combobox {
  readonly root: HTMLElement;
  readonly input: HTMLInputElement;
  private readonly list: HTMLUListElement;
  private options: Option[] = [];
  private active = -1;
  private pending: AbortController | null = null;
  private timer = 0;
  private picked = '';

  constructor(private readonly o: ComboboxOptions) {
    const listId = `${o.id}-list`;
    this.input = h('input', {
      id: o.id,
      type: 'text',
      role: 'combobox',
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-autocomplete': 'list',
      'aria-expanded': 'false',
      'aria-controls': listId,
      placeholder: o.placeholder,
    });
    this.list = h('ul', { id: listId, role: 'listbox', 'aria-label': o.label, class: 'listbox', hidden: true });
    this.root = h(
      'div',
      { class: 'combo' },
      h('label', { for: o.id }, o.label),
      h('div', { class: 'combo-box' }, this.input, this.list),
    );
    this.input.addEventListener('input', () => {
      this.typed();
    });
    this.input.addEventListener('keydown', (e) => {
      this.key(e);
    });
    this.input.addEventListener('blur', () =>
      window.setTimeout(() => {
        this.close();
      }, 120),
    );
  }

  /** Shows a value chosen elsewhere (URL, chip removal) without opening the list. */
  setText(text: string): void {
    this.input.value = text;
    this.picked = text;
  }

  /** Text typed but not picked from the list (null when the box shows the chosen value or is empty). */
  unpicked(): string | null {
    const text = this.input.value.trim();
    return text === '' || text === this.picked.trim() ? null : text;
  }

  /** The suggestions for a text, as the list would show them. */
  async suggestFor(q: string): Promise<Option[]> {
    return this.o.suggest(q, new AbortController().signal);
  }

  /** Closes the list (a submit resolved the text). */
  dismiss(): void {
    window.clearTimeout(this.timer);
    this.pending?.abort();
    this.close();
  }

  setLabel(label: string, placeholder: string): void {
    const el = this.root.querySelector('label');
    if (el) el.textContent = label;
    this.list.setAttribute('aria-label', label);
    this.input.placeholder = placeholder;
  }

  private typed(): void {
    window.clearTimeout(this.timer);
    const q = this.input.value.trim();
    if (q === '') {
      this.close();
      return;
    }
    this.timer = window.setTimeout(() => void this.load(q), 120);
  }

  private async load(q: string): Promise<void> {
    this.pending?.abort();
    const ctrl = new AbortController();
    this.pending = ctrl;
    try {
      const options = await this.o.suggest(q, ctrl.signal);
      if (ctrl.signal.aborted || this.input.value.trim() !== q) return;
      this.show(options);
    } catch {
      if (!ctrl.signal.aborted) this.show([]);
    }
  }

  private show(options: Option[]): void {
    this.options = options;
    this.active = -1;
    this.list.replaceChildren(
      ...(options.length === 0
        ? [
            h(
              'li',
              { class: 'listbox-empty', role: 'option', 'aria-disabled': 'true', id: `${this.o.id}-none` },
              this.o.noResults(),
            ),
          ]
        : options.map((opt, i) =>
            h(
              'li',
              {
                id: `${this.o.id}-opt-${i}`,
                role: 'option',
                'aria-selected': 'false',
                onmousedown: (e: Event) => {
                  e.preventDefault();
                },
                onclick: () => {
                  this.pick(i);
                },
              },
              h('span', {}, opt.label),
              opt.hint ? h('span', { class: 'hint' }, opt.hint) : null,
            ),
          )),
    );
    this.list.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
  }

  private close(): void {
    this.list.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
    this.active = -1;
  }

  private move(delta: number): void {
    if (this.list.hidden || this.options.length === 0) return;
    this.active = (this.active + delta + this.options.length) % this.options.length;
    const items = this.list.querySelectorAll<HTMLLIElement>('[role=option]');
    items.forEach((li, i) => {
      li.setAttribute('aria-selected', String(i === this.active));
    });
    const current = items[this.active];
    if (current) {
      this.input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    }
  }

  private key(e: KeyboardEvent): void {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (this.list.hidden && this.input.value.trim() !== '') void this.load(this.input.value.trim());
      else this.move(1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      this.move(-1);
    } else if (e.key === 'Enter') {
      if (!this.list.hidden && this.active >= 0) {
        e.preventDefault();
        this.pick(this.active);
      } else if (this.input.value.trim() === '' && this.picked !== '') {
        e.preventDefault();
        this.picked = '';
        this.close();
        this.o.onPick(null);
      }
    } else if (e.key === 'Escape') {
      if (!this.list.hidden) {
        e.preventDefault();
        this.close();
      } else if (this.input.value !== '') {
        e.preventDefault();
        this.input.value = this.picked;
      }
    }
  }

  private pick(i: number): void {
    const opt = this.options[i];
    if (!opt) return;
    this.setText(opt.label);
    this.close();
    this.o.onPick(opt);
  }
}
