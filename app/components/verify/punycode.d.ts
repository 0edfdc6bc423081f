// The `punycode` package ships no types. Imported as "punycode/" (the package, not Node's deprecated built-in).
declare module "punycode/" {
  export function toUnicode(domain: string): string;
  export function toASCII(domain: string): string;
  const punycode: { toUnicode: typeof toUnicode; toASCII: typeof toASCII };
  export default punycode;
}
