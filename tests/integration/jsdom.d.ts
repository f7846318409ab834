// jsdom ships no types and @types/jsdom is not installed: the part of its API the tests use.
declare module 'jsdom' {
  export class JSDOM {
    constructor(
      html: string,
      options?: { runScripts?: 'dangerously' | 'outside-only'; beforeParse?(window: Window): void },
    )
    readonly window: Window
  }
}
