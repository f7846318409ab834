// The edge functions read their environment through Deno.env; the PayPlus adapter test loads the
// adapter in Node with a stand-in for it.
declare global {
  var Deno: { env: { get(name: string): string | undefined } }
}
export {}
