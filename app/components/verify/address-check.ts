/**
 * "Is this address ours?": a pasted address (a link, a bare domain, an e-mail address) judged
 * against the official channels, in the browser as the visitor types and on the server for the
 * page's GET form. Pure: nothing is fetched, from the address or anywhere else.
 *
 * Owners come from the Public Suffix List (tldts, private suffixes included, so a github.io page
 * belongs to its user), lookalikes by edit distance (fastest-levenshtein) and by UTS #39 skeleton
 * (confusable-table.ts, generated from Unicode's confusables.txt), names shown both as Unicode and
 * as their xn-- form (punycode).
 */
import { distance } from "fastest-levenshtein";
import punycode from "punycode/";
import { parse as parseHost } from "tldts";
import type { OfficialChannel } from "@contracts/official-channels";
import { CONFUSABLE_PAIRS } from "./confusable-table";

export interface SuspiciousCharacter {
  char: string;
  /** U+0430 */
  codePoint: string;
  /** ISO 15924 code of its script (Cyrl), or null for a symbol. */
  script: string | null;
  /** The ASCII it is drawn like ("a"), or null when it only breaks a single script. */
  looksLike: string | null;
}

export type Reason =
  /** javascript:, data:, vbscript:, file:, blob: run or open something instead of a page. */
  | { code: "scriptScheme"; scheme: string }
  /** Another non-web scheme (ftp:, tg:, an app's own). */
  | { code: "otherScheme"; scheme: string }
  /** https://www.facetbrowser.com@evil.io: everything before @ is a user name; the host is after it. */
  | { code: "userinfo"; shown: string; host: string }
  | { code: "plainHttp" }
  | { code: "ipHost"; ip: string }
  /** facetbrowsr.com: a few letters from one of ours. */
  | { code: "lookalike"; ours: string; edits: number }
  /** A name that is drawn like one of ours with other characters (a Cyrillic а). */
  | { code: "confusable"; ours: string; characters: SuspiciousCharacter[] }
  /** Letters of several scripts in one name. */
  | { code: "mixedScripts"; scripts: string[]; characters: SuspiciousCharacter[] }
  /** facetbrowser.com.evil.io, facetbrowser-download.com: our name inside a domain someone else owns. */
  | { code: "nameInside"; owner: string }
  /** facetbrowser.net: our name with an ending that is not ours. */
  | { code: "otherSuffix"; owner: string; ours: string[] }
  | { code: "unofficialDownload"; file: string }
  /** t.me/someone-else where ours is t.me/facetbrowser. */
  | { code: "otherAccount"; service: string; ours: string }
  /** A messenger or chat invitation on a service we have no channel on. */
  | { code: "messenger"; service: string };

export interface AddressVerdict {
  status: "official" | "suspicious" | "unknown" | "invalid";
  input: string;
  /** The host as a browser shows it (Unicode), with its port. */
  host: string | null;
  /** The host as it is sent (xn-- for non-ASCII names), when that differs from `host`. */
  asciiHost: string | null;
  /**
   * Who owns the name: its registrable domain (or the IP address), as sent (xn--) when it is not
   * ASCII: written in Unicode, a lookalike owner would read exactly like ours.
   */
  owner: string | null;
  /** The official channel it belongs to. */
  channel: OfficialChannel | null;
  reasons: Reason[];
}

const SCRIPT_SCHEMES = new Set(["javascript", "data", "vbscript", "file", "blob", "about"]);
const INSTALLER = /\.(exe|msi|msix|dmg|pkg|appimage|deb|rpm|zip|7z|rar|apk|tar\.gz|tgz|tar\.xz|bat|cmd|scr|ps1|jar)$/i;
/** Messenger and chat invitation hosts, by the service's name: an invitation there not among ours is not from us. */
const MESSENGERS: ReadonlyArray<[service: string, hosts: readonly string[]]> = [
  ["Telegram", ["t.me", "telegram.me", "telegram.dog"]],
  ["WhatsApp", ["wa.me", "chat.whatsapp.com", "api.whatsapp.com"]],
  ["Discord", ["discord.gg", "discord.com", "discordapp.com"]],
  ["Skype", ["join.skype.com"]],
  ["LINE", ["line.me"]],
  ["Signal", ["signal.me", "signal.group"]],
  ["WeChat", ["u.wechat.com", "weixin.qq.com"]],
  ["QQ", ["qm.qq.com"]],
  ["X", ["x.com", "twitter.com"]],
  ["YouTube", ["youtube.com", "youtu.be"]],
  ["GitHub", ["github.com"]],
];
/** Hosts of one service that lead to the same accounts. */
const SAME_SERVICE = new Map<string, string>(MESSENGERS.flatMap(([service, hosts]) => hosts.map((h) => [h, service] as const)));
/** Scripts named by their ISO 15924 code; letters of any other script are reported as "Zyyy" (unknown). */
const SCRIPTS = ["Latn", "Cyrl", "Grek", "Armn", "Geor", "Cher", "Hani", "Hira", "Kana", "Hang", "Thai", "Deva", "Arab", "Hebr", "Ethi", "Copt", "Runr"].map(
  (code) => [code, new RegExp(`^\\p{Script=${code}}$`, "u")] as const,
);
const LETTER = /^\p{L}$/u;
/** Scripts Chinese, Japanese and Korean names mix on purpose (UTS #39 "highly restrictive"). */
const CJK_SETS = [new Set(["Hani", "Hira", "Kana"]), new Set(["Hani", "Hang"]), new Set(["Hani"])];

let confusables: Map<string, string> | undefined;
function confusableMap(): Map<string, string> {
  if (!confusables) {
    confusables = new Map(
      CONFUSABLE_PAIRS.split("\t").map((pair) => [String.fromCodePoint(pair.codePointAt(0)!), pair.slice(pair.codePointAt(0)! > 0xffff ? 2 : 1)]),
    );
  }
  return confusables;
}

/** UTS #39 skeleton, reduced to what can look like an ASCII name: NFD, confusables mapped, NFD, lower case. */
export function skeleton(text: string): string {
  const map = confusableMap();
  return [...text.normalize("NFD")]
    .map((c) => map.get(c) ?? c)
    .join("")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase();
}

function scriptOf(char: string): string | null {
  if (!LETTER.test(char)) return null;
  return SCRIPTS.find(([, re]) => re.test(char))?.[0] ?? "Zyyy";
}

function describe(char: string): SuspiciousCharacter {
  const mapped = skeleton(char);
  return {
    char,
    codePoint: `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`,
    script: scriptOf(char),
    looksLike: mapped !== char.toLowerCase() && /^[a-z0-9.-]+$/.test(mapped) ? mapped : null,
  };
}

function toUnicodeHost(ascii: string): string {
  try {
    return punycode.toUnicode(ascii);
  } catch {
    return ascii;
  }
}

function withPort(hostname: string, port: string): string {
  return port ? `${hostname}:${port}` : hostname;
}

/** The official names to compare with: "facetbrowser" for facetbrowser.com, and their owners. */
interface Ours {
  /** Exact hosts (with port) → the channel. */
  hosts: Map<string, OfficialChannel>;
  /** Registrable domains that are ours (facetbrowser.com): any name under them is ours. */
  owners: Map<string, OfficialChannel>;
  /** Registrable names without their suffix (facetbrowser), the brand lookalikes are measured against. */
  names: Map<string, string[]>;
  /** Accounts on shared services: host → first path segment (lower case) → channel. */
  accounts: Map<string, Map<string, OfficialChannel>>;
  emails: Map<string, OfficialChannel>;
  /** The scheme each official host is served with (the e2e site is plain http on 127.0.0.1). */
  schemes: Map<string, string>;
}

function collectOurs(channels: readonly OfficialChannel[]): Ours {
  const ours: Ours = { hosts: new Map(), owners: new Map(), names: new Map(), accounts: new Map(), emails: new Map(), schemes: new Map() };
  for (const channel of channels) {
    if (channel.url.startsWith("mailto:")) {
      const address = channel.url.slice(7).toLowerCase();
      ours.emails.set(address, channel);
      addOwner(ours, address.split("@")[1] ?? "", channel);
      continue;
    }
    let url: URL;
    try {
      url = new URL(channel.url);
    } catch {
      continue;
    }
    const service = SAME_SERVICE.get(url.hostname.replace(/^(www|m|mobile)\./, ""));
    const account = url.pathname.split("/")[1]?.toLowerCase();
    if (channel.kind === "social" && service && account) {
      for (const host of MESSENGERS.find(([s]) => s === service)![1]) {
        const byAccount = ours.accounts.get(host) ?? new Map<string, OfficialChannel>();
        byAccount.set(account, channel);
        ours.accounts.set(host, byAccount);
      }
      continue;
    }
    if (!ours.hosts.has(url.host)) ours.hosts.set(url.host, channel);
    ours.schemes.set(url.host, url.protocol);
    // A chat widget's host (easemob) is shared with others: only its exact host counts.
    if (channel.kind === "site" || channel.kind === "download") addOwner(ours, url.hostname, channel);
  }
  return ours;
}

function addOwner(ours: Ours, hostname: string, channel: OfficialChannel): void {
  const parsed = parseHost(hostname, { allowPrivateDomains: true });
  if (parsed.isIp || !parsed.domain || !parsed.domainWithoutSuffix) return;
  if (!ours.owners.has(parsed.domain)) ours.owners.set(parsed.domain, channel);
  const name = parsed.domainWithoutSuffix.toLowerCase();
  ours.names.set(
    name,
    [...(ours.names.get(name) ?? []), parsed.domain].filter((d, i, all) => all.indexOf(d) === i),
  );
}

/**
 * What was pasted, as the address it stands for: without the brackets and quotes e-mails and chats
 * put around links, and "defanged" as security warnings write them (hxxps://evil[.]io).
 */
function unwrap(input: string): string {
  return input
    .trim()
    .replace(/^[<"'“‘(]+|[>"'”’)]+$/g, "")
    .replace(/^hxxp(s?):/i, "http$1:")
    .replace(/\[\.\]|\(\.\)|\{\.\}/g, ".")
    .trim();
}

/** Reads what a visitor pasted: a URL, a bare host or host/path, or an e-mail address. */
function readInput(input: string): { url: URL } | { email: string } | { scheme: string } | null {
  const text = unwrap(input);
  if (!text) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === "mailto") return { email: text.slice(7).split("?")[0]!.toLowerCase() };
  if (scheme && scheme !== "http" && scheme !== "https") {
    // host:port without a scheme ("example.com:8080/x") is still an address.
    if (!/^[^/]+:\d+(\/|$)/.test(text)) return { scheme };
  }
  if (!scheme && /^[^\s/@]+@[^\s/@]+\.[^\s/@]+$/.test(text)) return { email: text.toLowerCase() };
  try {
    const url = new URL(scheme === "http" || scheme === "https" ? text : `https://${text.replace(/^\/\//, "")}`);
    return url.hostname ? { url } : null;
  } catch {
    return null;
  }
}

/** The verdict on one pasted address (null for an empty one). */
export function checkAddress(input: string, channels: readonly OfficialChannel[]): AddressVerdict | null {
  const read = readInput(input);
  const base: AddressVerdict = { status: "invalid", input: input.trim(), host: null, asciiHost: null, owner: null, channel: null, reasons: [] };
  if (read === null) return input.trim() ? base : null;
  const ours = collectOurs(channels);
  if ("scheme" in read) {
    const reason: Reason = SCRIPT_SCHEMES.has(read.scheme) ? { code: "scriptScheme", scheme: read.scheme } : { code: "otherScheme", scheme: read.scheme };
    return { ...base, status: "suspicious", reasons: [reason] };
  }
  if ("email" in read) {
    const channel = ours.emails.get(read.email);
    const domain = read.email.split("@")[1] ?? "";
    if (channel) return { ...base, status: "official", host: domain, channel };
    let asciiDomain: string;
    try {
      asciiDomain = new URL(`https://${domain}`).hostname;
    } catch {
      return base;
    }
    return judgeHost(base, asciiDomain, "", ours, null);
  }
  const { url } = read;
  const reasons: Reason[] = [];
  if (url.username || url.password) {
    reasons.push({ code: "userinfo", shown: safeDecode(url.username + (url.password ? `:${url.password}` : "")), host: toUnicodeHost(url.hostname) });
  }
  // "facetbrowser.com." (fully qualified) is the same name as "facetbrowser.com".
  const verdict = judgeHost(base, url.hostname.replace(/\.$/, ""), url.port, ours, url);
  if (url.protocol === "http:" && ours.schemes.get(url.host) !== "http:") verdict.reasons.unshift({ code: "plainHttp" });
  verdict.reasons.unshift(...reasons);
  // Someone else's user name in front of our host is odd, but the page opened is still ours.
  if (verdict.status === "official" && verdict.reasons.some((r) => r.code !== "userinfo" && r.code !== "plainHttp")) verdict.status = "suspicious";
  if (verdict.status === "unknown" && verdict.reasons.length) verdict.status = "suspicious";
  return verdict;
}

function judgeHost(base: AddressVerdict, asciiHostname: string, port: string, ours: Ours, url: URL | null): AddressVerdict {
  const unicodeHostname = toUnicodeHost(asciiHostname);
  const host = withPort(unicodeHostname, port);
  const asciiHost = asciiHostname === unicodeHostname ? null : withPort(asciiHostname, port);
  const parsed = parseHost(asciiHostname, { allowPrivateDomains: true });
  const owner = parsed.isIp ? asciiHostname : (parsed.domain ?? asciiHostname);
  const verdict: AddressVerdict = { ...base, status: "unknown", host, asciiHost, owner, reasons: [] };
  const reasons = verdict.reasons;

  const exact = ours.hosts.get(withPort(asciiHostname, port));
  const ownChannel = exact ?? (parsed.domain ? ours.owners.get(parsed.domain) : undefined);
  if (ownChannel) {
    verdict.status = "official";
    verdict.channel = ownChannel;
    return verdict;
  }

  // Accounts on shared services (t.me/facetbrowser): the account decides, not the host.
  const bareHost = asciiHostname.replace(/^(www|m|mobile)\./, "");
  const service = SAME_SERVICE.get(bareHost);
  if (service && url) {
    const account = url.pathname.split("/")[1]?.toLowerCase() ?? "";
    const accounts = ours.accounts.get(bareHost);
    const channel = accounts?.get(account);
    if (channel) {
      verdict.status = "official";
      verdict.channel = channel;
      return verdict;
    }
    if (accounts?.size) reasons.push({ code: "otherAccount", service, ours: [...new Set(accounts.values())].map((c) => c.url).join(", ") });
    else reasons.push({ code: "messenger", service });
    verdict.status = "suspicious";
    return verdict;
  }

  if (parsed.isIp) reasons.push({ code: "ipHost", ip: asciiHostname });

  const labels = unicodeHostname.split(".").filter(Boolean);
  const suffixLabels = parsed.publicSuffix ? parsed.publicSuffix.split(".").length : 0;
  const nameLabels = parsed.isIp ? [] : labels.slice(0, labels.length - suffixLabels);
  const registrable = parsed.domainWithoutSuffix ? toUnicodeHost(parsed.domainWithoutSuffix) : null;

  // Mixed scripts: a name that is not all one script (CJK's usual mixes aside).
  for (const label of nameLabels) {
    const chars = [...label];
    const scripts = [...new Set(chars.map(scriptOf).filter((s): s is string => s !== null))];
    const cjk = CJK_SETS.some((set) => scripts.every((s) => set.has(s) || s === "Latn"));
    if (scripts.length > 1 && !cjk) {
      const main = scripts.includes("Latn") ? "Latn" : scripts[0]!;
      reasons.push({
        code: "mixedScripts",
        scripts,
        characters: chars.filter((c) => scriptOf(c) !== null && scriptOf(c) !== main).map(describe),
      });
      break;
    }
  }

  // Our name drawn with other characters, by UTS #39 skeleton.
  for (const [name, domains] of ours.names) {
    const ourSkeleton = skeleton(name);
    const match = nameLabels.find(
      (label) => label !== name && skeleton(label).replace(/-/g, "").includes(ourSkeleton.replace(/-/g, "")) && skeleton(label) !== label,
    );
    if (match) {
      const odd = [...match].filter((c) => !/[a-z0-9-]/.test(c) || (name.includes(skeleton(c)) && !name.includes(c))).map(describe);
      if (odd.length) {
        reasons.push({ code: "confusable", ours: domains[0]!, characters: odd });
        break;
      }
    }
  }
  const confusable = reasons.some((r) => r.code === "confusable");

  for (const [name, domains] of ours.names) {
    if (confusable) break;
    const flat = (s: string) => s.toLowerCase().replace(/-/g, "");
    if (registrable && registrable.toLowerCase() === name) {
      reasons.push({ code: "otherSuffix", owner, ours: domains });
      break;
    }
    // facet-browser: our name with a hyphen is a lookalike; facetbrowser-download or a label
    // under someone else's domain carries our name inside theirs.
    const hyphenated = nameLabels.find((label) => flat(label) === name && label.toLowerCase() !== name);
    if (hyphenated) {
      reasons.push({ code: "lookalike", ours: domains[0]!, edits: distance(hyphenated.toLowerCase(), name) });
      break;
    }
    if (nameLabels.some((label) => flat(label).includes(name))) {
      reasons.push({ code: "nameInside", owner });
      break;
    }
    const closest = nameLabels
      .map((label) => ({ label, edits: Math.min(distance(label.toLowerCase(), name), distance(flat(label), name)) }))
      .sort((a, b) => a.edits - b.edits)[0];
    const allowed = name.length >= 10 ? 2 : name.length >= 5 ? 1 : 0;
    if (closest && closest.edits > 0 && closest.edits <= allowed) {
      reasons.push({ code: "lookalike", ours: domains[0]!, edits: closest.edits });
      break;
    }
  }

  const file = url?.pathname.split("/").pop() ?? "";
  if (INSTALLER.test(file)) reasons.push({ code: "unofficialDownload", file: safeDecode(file) });
  if (reasons.length) verdict.status = "suspicious";
  return verdict;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
