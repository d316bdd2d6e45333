import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module remembers whether the shopper has made an input yet: each test starts from a fresh copy.
let onFirstInput: typeof import('./first-input').onFirstInput;
beforeEach(async () => {
  vi.resetModules();
  ({ onFirstInput } = await import('./first-input'));
});

const tap = () => window.dispatchEvent(new Event('pointerdown'));

describe('onFirstInput', () => {
  it('runs each waiting caller once, at the first tap or key press, and no more', () => {
    const first = vi.fn();
    const second = vi.fn();
    onFirstInput(first);
    onFirstInput(second);
    expect(first).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    tap();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('runs at once for a caller that comes after the first input (a page reached by a tap)', () => {
    tap();
    const late = vi.fn();
    onFirstInput(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('a cancelled caller is not run, and cancelling one does not cancel another with the same function', () => {
    const run = vi.fn();
    const cancel = onFirstInput(run);
    onFirstInput(run);
    cancel();
    tap();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
