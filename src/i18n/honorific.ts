/**
 * The deceased honorific (src/lib/honorific.ts): the mark added after a name, the marks and phrases
 * that already are an honorific (written with a plain double quote; gershayim and typographic
 * quotes are compared as the same character), and the words used when no name is known.
 * Kept in a catalogue of its own, so the dashboard, the sharing screens and the memories screens
 * can share the rule without loading each other's strings.
 */
export const honorificStrings = {
  suffix: 'ז״ל',
  recognised: {
    zal: 'ז"ל',
    zatsal: 'זצ"ל',
    zatsukal: 'זצוק"ל',
    hyd: 'הי"ד',
    alavHashalom: 'ע"ה',
    nishmatoEden: 'נ"ע',
    zechuto: 'זי"ע',
    hisMemoryBlessed: 'זכרונו לברכה',
    herMemoryBlessed: 'זכרונה לברכה',
    hisMemoryBlessedFull: 'זיכרונו לברכה',
    herMemoryBlessedFull: 'זיכרונה לברכה',
  },
  lovedOne: 'יקירנו',
} as const
