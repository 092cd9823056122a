import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { landingPage, preloadScreens } from './lazy-page';

const Greeting = () => 'hello';

/** What rendering the screen does: the element it returns, or what it throws (a promise: it suspends). */
function render(screen: () => unknown): { element?: ReactElement; thrown?: unknown } {
  try {
    return { element: screen() as ReactElement };
  } catch (thrown) {
    return { thrown };
  }
}

describe('a screen loaded on demand', () => {
  it('suspends until its code is in, then renders it', async () => {
    let loads = 0;
    const Screen = landingPage(async () => {
      loads += 1;
      return Greeting;
    });
    const first = render(Screen);
    expect(first.thrown).toBeInstanceOf(Promise);
    await first.thrown;
    const second = render(Screen);
    expect(isValidElement(second.element) && second.element.type).toBe(Greeting);
    expect(loads).toBe(1);
  });

  it('renders at once when preloaded (a page the server rendered is taken over as it is)', async () => {
    const Screen = landingPage(async () => Greeting);
    await preloadScreens([Screen, Greeting, null]);
    expect(render(Screen).element?.type).toBe(Greeting);
  });

  it('shows the failure once when its code did not come, and asks again on the next visit', async () => {
    let attempts = 0;
    const Screen = landingPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('connection lost');
      return Greeting;
    });
    await render(Screen).thrown;
    expect(render(Screen).thrown).toEqual(new Error('connection lost'));
    const retry = render(Screen);
    expect(retry.thrown).toBeInstanceOf(Promise);
    await retry.thrown;
    expect(render(Screen).element?.type).toBe(Greeting);
    expect(attempts).toBe(2);
  });
});
