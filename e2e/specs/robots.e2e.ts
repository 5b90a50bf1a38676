import { describe, expect, it } from 'vitest';
import { ConsolePage } from '../support/consolePage';
import { useApp } from '../support/fixture';
import { scriptedProvider } from '../support/scriptedProvider';

describe('console with a robot', () => {
  const ctx = useApp(() => [scriptedProvider('robot1')]);
  const inputText = async (): Promise<string> =>
    ((await ctx().page.locator('[data-testid=console-input] .view-lines').textContent()) ?? '').replace(/\u00a0/g, ' ');

  it('lists the robot in the tree as selected and connected', async () => {
    const { page, app } = ctx();
    await page.goto(app.server.url);
    await new ConsolePage(page).ready();
    const item = page.getByTestId('robot-list').locator('li', { hasText: 'robot1' });
    await item.waitFor();
    expect(await item.getAttribute('class')).toContain('selected');
    expect(await item.locator('.link-dot').getAttribute('aria-label')).toBe('connected');
  });

  it('completes debug request names the robot announced when polled', async () => {
    const { page, screenshot } = ctx();
    const consoleView = new ConsolePage(page);
    await consoleView.run('poll');
    await page.getByTestId('console-input').click();
    await page.keyboard.type('dr representation:Ba');
    await page.keyboard.press('Tab');
    await expect.poll(inputText).toBe('dr representation:BallModel ');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('mr BallModel Or');
    await page.keyboard.press('Tab');
    await expect.poll(inputText).toBe('mr BallModel OracleBallLocator ');
    await screenshot('console-robot-completion');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
  });

  it('shows what the robot console prints', async () => {
    const { page, screenshot } = ctx();
    const consoleView = new ConsolePage(page);
    await consoleView.run('mr ?');
    await expect.poll(() => consoleView.output.textContent()).toMatch(/BallModel \(Cognition\)/);
    await consoleView.run('robot ?');
    await consoleView.waitForLine('robot1 *');
    await screenshot('console-robot-output');
  });
});
