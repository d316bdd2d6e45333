import { describe, expect, it } from 'vitest';
import { createListeners } from './listeners';

describe('createListeners', () => {
  it('tells every subscribed listener, and no longer one that unsubscribed', () => {
    const { subscribe, emit } = createListeners();
    const heard: string[] = [];
    const stopA = subscribe(() => heard.push('a'));
    subscribe(() => heard.push('b'));
    emit();
    stopA();
    emit();
    expect(heard).toEqual(['a', 'b', 'b']);
  });

  it('survives a listener that unsubscribes another while being told', () => {
    const { subscribe, emit } = createListeners();
    const heard: string[] = [];
    let stopB = () => {};
    subscribe(() => {
      heard.push('a');
      stopB();
    });
    stopB = subscribe(() => heard.push('b'));
    emit();
    emit();
    // b was told in the first round (it was subscribed when it began), not in the second.
    expect(heard).toEqual(['a', 'b', 'a']);
  });

  it('keeps two subscriptions of the same function apart from other stores', () => {
    const one = createListeners();
    const two = createListeners();
    let count = 0;
    const listener = () => (count += 1);
    one.subscribe(listener);
    two.emit();
    expect(count).toBe(0);
    one.emit();
    expect(count).toBe(1);
  });
});
