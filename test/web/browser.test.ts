import { describe, expect, it } from 'vitest';
import { findChromium, launchChromium } from './browser.js';

/** A page that shows whether scripts run and how wide a text is (fonts are found). */
const PAGE =
  '<p id="out">waiting</p><span id="w">Stellenangebote München</span><script>out.textContent = "ran"</script>';

describe('the browser the page tests drive', () => {
  it('is the system one when an executable is at its path', async () => {
    // any executable stands in for a system Chromium: the lookup only checks that it can run it
    expect(await findChromium(process.execPath)).toEqual({ path: process.execPath, source: 'system', env: {} });
  });

  it('is the Chromium the npm package ships when the system has none, and it renders a page', async () => {
    const found = await findChromium('/nonexistent/chromium');
    expect(found.source).toBe('npm');
    const browser = await launchChromium({ width: 800, height: 600 }, found);
    try {
      const page = await browser.context.newPage();
      await page.setContent(PAGE);
      expect(await page.locator('#out').innerText()).toBe('ran');
      const box = await page.locator('#w').boundingBox();
      expect(box?.width).toBeGreaterThan(50);
      expect(await page.evaluate<string>('navigator.userAgent')).toMatch(/HeadlessChrome\/\d+/);
    } finally {
      await browser.close();
    }
  });
});
