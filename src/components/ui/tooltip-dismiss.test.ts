import { afterEach, describe, expect, it } from 'vitest';
import { installTooltipDismiss } from './tooltip-dismiss';

describe('installTooltipDismiss', () => {
  let uninstall: () => void = () => undefined;
  afterEach(() => uninstall());

  const dismissed = () => 'tooltipsDismissed' in document.documentElement.dataset;

  it('hides tooltips on Escape until the pointer enters another element or focus moves', () => {
    uninstall = installTooltipDismiss();
    const button = document.createElement('button');
    document.body.append(button);

    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(dismissed()).toBe(false);
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(dismissed()).toBe(true);

    button.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(dismissed()).toBe(false);

    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    button.focus();
    expect(dismissed()).toBe(false);
    button.remove();
  });

  it('leaves nothing behind when uninstalled', () => {
    uninstall = installTooltipDismiss();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    uninstall();
    expect(dismissed()).toBe(false);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(dismissed()).toBe(false);
  });
});
