import "i18next";
import type blog from "~/locales/en/blog.json";
import type check from "~/locales/en/check.json";
import type common from "~/locales/en/common.json";
import type drawings from "~/locales/en/drawings.json";
import type errors from "~/locales/en/errors.json";
import type growth from "~/locales/en/growth.json";
import type help from "~/locales/en/help.json";
import type product from "~/locales/en/product.json";
import type search from "~/locales/en/search.json";
import type verify from "~/locales/en/verify.json";

// Keys are typed against English: a missing or misspelt key is a type error.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      common: typeof common;
      blog: typeof blog;
      check: typeof check;
      drawings: typeof drawings;
      errors: typeof errors;
      growth: typeof growth;
      help: typeof help;
      product: typeof product;
      search: typeof search;
      verify: typeof verify;
    };
  }
}
