// puppeteer-core 2 ships no types, and @types/puppeteer-core@2 re-exports whatever `puppeteer` resolves to (today
// a far newer API). The part chromium-80.spec.ts uses, as puppeteer-core 2.1 has it.
declare module 'puppeteer-core' {
  type Serializable =
    string | number | boolean | null | undefined | Serializable[] | { [key: string]: unknown };

  export interface ConsoleMessage {
    type(): string;
    text(): string;
    location(): { url?: string };
  }

  export interface Page {
    url(): string;
    goto(url: string): Promise<unknown>;
    setViewport(viewport: { width: number; height: number }): Promise<void>;
    setDefaultTimeout(ms: number): void;
    on(event: 'pageerror', handler: (error: Error) => void): void;
    on(event: 'console', handler: (message: ConsoleMessage) => void): void;
    waitForSelector(selector: string): Promise<unknown>;
    waitForNavigation(): Promise<unknown>;
    waitForFunction<A extends Serializable[]>(
      fn: (...args: A) => unknown,
      options: { timeout: number },
      ...args: A
    ): Promise<unknown>;
    evaluate<A extends Serializable[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R>;
    type(selector: string, text: string): Promise<void>;
    click(selector: string): Promise<void>;
    screenshot(options: { path: string }): Promise<unknown>;
  }

  export interface Browser {
    version(): Promise<string>;
    newPage(): Promise<Page>;
    close(): Promise<void>;
  }

  const puppeteer: {
    launch(options: { executablePath: string; args: string[]; env: NodeJS.ProcessEnv }): Promise<Browser>;
  };
  export default puppeteer;
}
