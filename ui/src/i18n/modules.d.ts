// The two modules ui/build.mjs makes from the catalogs (src/i18n/<code>.json, one a language):
// a third language is one new file there.

declare module 'corkboard:languages' {
  /** Every language the UI speaks, English first: its code and its name in itself ("Français"). */
  export const languages: readonly { readonly code: string; readonly name: string }[];
}

declare module 'corkboard:catalogs' {
  /**
   * Each language's catalog but English's (English is in the code), loaded when needed: message
   * id -> the message, compiled at build time (plain text, or the ICU message's parsed form).
   */
  export const catalogs: Readonly<Record<string, () => Promise<{ default: Record<string, unknown> }>>>;
}
