/** The official channels (server/services/official-channels.server.ts), as /links, /verify and the address checker read them. */

/** One official address; its name in the page's language. */
export interface OfficialChannel {
  /** site: a host of the website; download: the installers' server; chat: the support chat's host; social: an account on a shared service; email; page: an address on one of our sites. */
  kind: "site" | "download" | "chat" | "social" | "email" | "page";
  slug: string;
  name: string;
  url: string;
  /** A website's language at its root (its link's hreflang): the global site is English, the Chinese host Chinese. */
  hreflang?: string;
}

/** The kinds the links answer names its items by (api.md). */
export type LinkKind = "website" | "download" | "channel" | "support";

export interface OfficialLink extends OfficialChannel {
  description: string;
  listedAs: LinkKind;
}

export interface OfficialGroup {
  slug: string;
  group: string;
  items: OfficialLink[];
}

export interface OfficialChannelsView {
  intro: string;
  groups: OfficialGroup[];
}
