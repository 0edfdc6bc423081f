import type { ReactNode } from "react";
import type { OfficialChannelsView } from "@contracts/official-channels";
import { useTranslation } from "~/i18n/use-translation";
import { LocalizedLink } from "../LocalizedLink";
import { SectionPage } from "../SectionPage";
import { AddressCheck } from "./AddressCheck";

export interface VerifyPageData {
  official: OfficialChannelsView;
  /** The address a `?address=` request asked about (the form without scripts). */
  address: string | null;
}

/**
 * "Is it official?": a downloaded file's check (`fileCheck`, its own section above), then "Is
 * this address ours?", then the official channels the answers are measured against.
 */
export function VerifyPage({ official, address, fileCheck }: VerifyPageData & { fileCheck?: ReactNode }) {
  const { t: tc } = useTranslation();
  const channels = official.groups.flatMap((g) => g.items);
  return (
    <SectionPage title={tc("pages.verify.title")} intro={tc("pages.verify.intro")}>
      {fileCheck}
      <AddressCheck channels={channels} initial={address} />
      <OfficialList official={official} />
    </SectionPage>
  );
}

function OfficialList({ official }: { official: OfficialChannelsView }) {
  const { t } = useTranslation("verify");
  const { t: tc } = useTranslation();
  return (
    <section aria-labelledby="official-channels" className="mt-14" data-testid="official-channels">
      <h2 id="official-channels" className="text-2xl font-bold">
        {t("address.channelsHeading")}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-600">
        {t("address.channelsLead")}{" "}
        <LocalizedLink to="/links" className="font-semibold text-indigo-700 hover:underline">
          {tc("pages.links.title")}
        </LocalizedLink>
      </p>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        {official.groups.map((g) => (
          <div key={g.slug}>
            <h3 className="text-lg font-semibold">{g.group}</h3>
            <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {g.items.map((item) => (
                <li key={item.slug} className="px-4 py-2.5" data-testid="official-channel" data-kind={item.kind}>
                  <span className="block text-sm text-slate-600">{item.name}</span>
                  <span className="block break-all font-mono text-sm text-slate-900">{item.url.replace(/^mailto:/, "")}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
