/** The use cases in the order content/use-cases.yaml gives them: each page links to the next (the API test and the e2e test walk it). */
export const USE_CASE_CHAIN = [
  "traffic",
  "ad-placement",
  "e-commerce",
  "affiliate-market",
  "media-market",
  "betting",
  "data-collection",
  "crypto",
  "price-comparison",
  "agencies",
  "self-examination",
  "ticketing",
  "web-scraping",
];
