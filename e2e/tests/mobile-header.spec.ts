// The header below 1024 px: the phone project only (the desktop project ignores mobile-*.spec.ts).
import { expect, test } from '@playwright/test';

test.describe('header on a phone', { tag: '@phone' }, () => {
  test('the mobile menu closes when an item is chosen and on Escape', async ({ page }) => {
    await page.goto('/checkout');
    const menuButton = page.getByRole('button', { name: /menu/ });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`[id="${await menuButton.getAttribute('aria-controls')}"]`);
    await expect(menu.getByRole('button', { name: 'Contact Us' })).toBeVisible();
    await menu.getByRole('link', { name: 'View All Plans' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await menuButton.click();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
  });
});
