/** What the partner pages receive (server/services/partners.server.ts makes it). */
export interface Named {
  slug: string;
  name: string;
}

export interface Facet extends Named {
  id: number;
  count: number;
}

export interface PartnerSummary {
  id: number;
  name: string;
  logo: string;
  type: Named;
  regions: Named[];
  services: string[];
  summary: string;
}

export interface PartnerDetail extends PartnerSummary {
  description: string;
  website: string;
  offer: string;
}
