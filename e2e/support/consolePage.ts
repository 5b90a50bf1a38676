/**
 * @file Page object of the Console view: type into its Monaco command line, read its output.
 */
import type { Locator, Page } from 'playwright-core';

/** The console view on a page. */
export class ConsolePage {
  constructor(private readonly page: Page) {}

  /** The output pane. */
  get output(): Locator {
    return this.page.getByTestId('console-output');
  }

  /** Waits until the command line's editor is ready. */
  async ready(): Promise<void> {
    await this.page
      .locator('[data-testid=console-input] .monaco-editor')
      .waitFor({ state: 'visible', timeout: 60_000 });
  }

  /** Types `line` into the command line and presses Enter. */
  async run(line: string): Promise<void> {
    // Visible is enough: a page busy drawing a robot's images at every frame may not hold the input "stable" for
    // Playwright's two animation frames in a row, though it takes the click at once.
    const input = this.page.getByTestId('console-input');
    await input.waitFor({ state: 'visible', timeout: 120_000 });
    await input.click({ force: true });
    // One input event for the whole line: typed key by key, one line took minutes on the busy calibration page.
    await this.page.keyboard.insertText(line);
    // Enter must reach the editor after the text did: on a loaded machine the key can overtake the inserted text,
    // and the line then runs empty while its text joins the next one.
    await this.waitForInput(line);
    await this.page.keyboard.press('Enter');
    await this.waitForInput('');
  }

  /** Waits until the command line shows exactly `text` (Monaco draws spaces as no-break spaces). */
  private async waitForInput(text: string): Promise<void> {
    const lines = await this.page
      .getByTestId('console-input')
      .locator('.view-lines')
      .elementHandle({ timeout: 60_000 });
    await this.page.waitForFunction(
      ([element, want]) =>
        (element as unknown as { textContent: string | null }).textContent?.replace(/\u00a0/g, ' ') === want,
      [lines, text] as const,
      { polling: 50, timeout: 60_000 },
    );
  }

  /** Waits until an output line has exactly `text`. */
  async waitForLine(text: string, timeout = 60_000): Promise<void> {
    await this.output
      .locator('.line', { hasText: text })
      .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .first()
      .waitFor({ timeout });
  }
}
