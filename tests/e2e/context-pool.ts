import type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * Contexts a journey closed, kept with their first page and handed to the next `browser.newContext()`
 * of the worker with the same options, emptied as Playwright's own context reuse empties one: other pages
 * closed, the kept page on about:blank at the default viewport, no cookies, no storage of any origin it
 * visited, no HTTP cache, no permissions, routes or extra headers, and only the listeners it had when it
 * was made. A fresh context's first page cost the browser 4.3–5.9 core-seconds here (a renderer started,
 * every script fetched and compiled); the kept page's next one 3.2–3.9.
 *
 * A context whose state cannot be emptied is really closed: one that used an init script, an exposed
 * function, a HAR, a geolocation or emulated media, or was made with a storage state, a recording or
 * JavaScript off.
 */
const KEPT_PER_OPTIONS = 3;
/** What leaves state the emptying cannot take back: a context or page that used one is really closed. */
const DIRTYING = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'routeFromHAR',
  'setGeolocation',
] as const;
const PAGE_DIRTYING = [...DIRTYING.filter((m) => m !== 'setGeolocation'), 'emulateMedia'] as const;

type Listeners = Map<string | symbol, Set<(...args: unknown[]) => void>>;
function listenersOf(target: Page | BrowserContext): Listeners {
  const emitter = target as unknown as NodeJS.EventEmitter;
  return new Map(emitter.eventNames().map((name) => [name, new Set(emitter.listeners(name) as never[])]));
}
/** Takes off every listener added since `before`. */
function restoreListeners(target: Page | BrowserContext, before: Listeners): void {
  const emitter = target as unknown as NodeJS.EventEmitter;
  for (const name of emitter.eventNames()) {
    const kept = before.get(name);
    for (const listener of emitter.listeners(name) as ((...args: unknown[]) => void)[])
      if (!kept?.has(listener)) emitter.off(name, listener);
  }
}

/** Wraps `methods` of `target` so that calling one marks its context as not to be kept. */
function markDirtyOn(target: Page | BrowserContext, methods: readonly string[], state: { dirty: boolean }) {
  const methodsOf = target as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const method of methods) {
    const original = methodsOf[method]!.bind(target);
    methodsOf[method] = (...args: unknown[]) => {
      state.dirty = true;
      return original(...args);
    };
  }
}

interface Kept {
  context: BrowserContext;
  page: Page;
  contextListeners: Listeners;
  pageListeners: Listeners;
}

type ContextOptions = NonNullable<Parameters<Browser['newContext']>[0]>;

export class ContextPool {
  private readonly idle = new Map<string, Kept[]>();
  /** A handed-out context's kept page, which its next `newPage()` gives. */
  private readonly unclaimed = new WeakMap<BrowserContext, Page>();

  constructor(
    private readonly create: (options?: ContextOptions) => Promise<BrowserContext>,
    /** The viewport a page gets by default (the config's). */
    private readonly defaultViewport: { width: number; height: number } | null,
  ) {}

  /** A context for `options`: a kept one when there is one. */
  async take(options?: ContextOptions): Promise<BrowserContext> {
    const key = poolKey(options);
    const kept = key === null ? undefined : this.idle.get(key)?.pop();
    if (kept) return this.handOut(kept);
    const context = await this.create(options);
    if (key !== null) this.adopt(context, key, options);
    return context;
  }

  /** Watches a new context so that its `close()` keeps it instead, unless it cannot be emptied. */
  private adopt(context: BrowserContext, key: string, options?: ContextOptions): void {
    const realClose = context.close.bind(context);
    const realNewPage = context.newPage.bind(context);
    (context as unknown as { newPage: typeof context.newPage }).newPage = async () => {
      const page = this.unclaimed.get(context);
      this.unclaimed.delete(context);
      return page && !page.isClosed() ? page : realNewPage();
    };
    const state = { dirty: false, contextListeners: new Map() as Listeners };
    markDirtyOn(context, DIRTYING, state);
    const pageListeners = new WeakMap<Page, Listeners>();
    context.on('page', (page) => {
      markDirtyOn(page, PAGE_DIRTYING, state);
      // Taken after the run's watchers, which listen for 'page' after the pool, have attached theirs.
      queueMicrotask(() => pageListeners.set(page, listenersOf(page)));
    });
    // What it listens to as made, the pool's own listeners included: a journey's are taken off.
    state.contextListeners = listenersOf(context);
    (context as unknown as { close: typeof context.close }).close = async (...args) => {
      this.unclaimed.delete(context);
      const page = context.pages()[0];
      const list = this.idle.get(key) ?? [];
      if (list.some((kept) => kept.context === context)) return; // closed twice: kept already
      if (state.dirty || !page || list.length >= KEPT_PER_OPTIONS) return realClose(...args);
      try {
        await this.empty(context, page, options);
      } catch {
        return realClose(...args);
      }
      list.push({
        context,
        page,
        contextListeners: state.contextListeners,
        pageListeners: pageListeners.get(page) ?? new Map(),
      });
      this.idle.set(key, list);
    };
  }

  private async empty(context: BrowserContext, page: Page, options?: ContextOptions): Promise<void> {
    for (const other of context.pages()) if (other !== page) await other.close();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto('about:blank');
    await context.clearPermissions();
    await context.setExtraHTTPHeaders({});
    await context.setOffline(false);
    // Cookies, the cache, and the storage of every origin the context visited (Playwright's reset).
    await context.setStorageState({ cookies: [], origins: [] });
    const viewport = options?.viewport ?? this.defaultViewport;
    if (viewport) await page.setViewportSize(viewport);
  }

  private handOut(kept: Kept): BrowserContext {
    restoreListeners(kept.context, kept.contextListeners);
    restoreListeners(kept.page, kept.pageListeners);
    this.unclaimed.set(kept.context, kept.page);
    return kept.context;
  }

  /** A context never kept: for what must see a first-time visitor's browser (the page-weight budget). */
  fresh(options?: ContextOptions): Promise<BrowserContext> {
    return this.create(options);
  }
}

/** The options a kept context must match; null: never kept (state given at creation, or recorded). */
function poolKey(options?: ContextOptions): string | null {
  if (!options) return '{}';
  if (options.storageState || options.recordVideo || options.recordHar || options.javaScriptEnabled === false)
    return null;
  return JSON.stringify(options);
}

/** How each watched browser makes a context never kept (test.ts registers it). */
export const freshContexts = new Map<Browser, Browser['newContext']>();

/**
 * A context no journey used before: for what must see a first-time visitor's browser (the page-weight
 * budget). A browser outside the journeys' runner (the benchmarks) makes it as usual.
 */
export function freshContext(browser: Browser, options?: ContextOptions): Promise<BrowserContext> {
  return (freshContexts.get(browser) ?? browser.newContext.bind(browser))(options);
}
