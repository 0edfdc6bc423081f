import { Button, Check, Country, Text, Toggle, Toolbar, Window, col, row } from "./parts";
import { C, R, T } from "./tokens";
import type { DrawingKey, DrawingProps } from "./types";

const USER_AGENT = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0";

/** One profile's fingerprint: the values a site reads, the noise switches, and the consistency check. */
export function FingerprintSettings({ t }: DrawingProps) {
  const fields: [DrawingKey, string][] = [
    ["fingerprint.userAgent", USER_AGENT],
    ["fingerprint.timeZone", t("fingerprint.timeZoneValue")],
    ["fingerprint.language", t("fingerprint.languageValue")],
    ["fingerprint.webrtc", t("fingerprint.webrtcValue")],
    ["fingerprint.screen", "1920 × 1080 · 24-bit"],
    ["fingerprint.fonts", t("fingerprint.fontsValue")],
  ];
  const noise: DrawingKey[] = ["fingerprint.canvas", "fingerprint.webgl", "fingerprint.audio"];
  return (
    <Window t={t} active="app.profiles">
      <Toolbar title={`${t("fingerprint.title")} · ${t("profiles.p1")}`}>
        <Button>{t("app.save")}</Button>
      </Toolbar>
      <div style={row({ flexGrow: 1, alignItems: "stretch", padding: 20, gap: 20 })}>
        <div style={col({ flexGrow: 1, minWidth: 0, gap: 8 })}>
          {fields.map(([label, value]) => (
            <div key={label} style={row({ gap: 12 })}>
              <Text size={T.sm} color={C.muted} bold style={{ width: 120, flexShrink: 0 }}>
                {t(label)}
              </Text>
              <div
                style={row({ flexGrow: 1, minWidth: 0, height: 32, padding: "0 10px", borderRadius: R.md, border: `1px solid ${C.line}`, background: C.panel })}
              >
                <Text size={T.sm} color={C.ink}>
                  {value}
                </Text>
              </div>
            </div>
          ))}
          <div style={row({ gap: 12 })}>
            <Text size={T.sm} color={C.muted} bold style={{ width: 120, flexShrink: 0 }}>
              {t("profiles.proxy")}
            </Text>
            <div
              style={row({
                flexGrow: 1,
                height: 32,
                gap: 10,
                padding: "0 10px",
                borderRadius: R.md,
                border: `1px solid ${C.indigoLine}`,
                background: C.indigoSoft,
              })}
            >
              <Country code="US" top="#1d4ed8" bottom="#dc2626" />
              <Text size={T.sm} color={C.ink}>
                SOCKS5 · 203.0.113.24:1080
              </Text>
            </div>
          </div>
          <div style={col({ gap: 6, marginTop: 6, paddingTop: 10, borderTop: `1px solid ${C.line}` })}>
            {noise.map((key) => (
              <div key={key} style={row({ gap: 12, height: 30 })}>
                <Text size={T.sm} color={C.ink} bold style={{ width: 250, flexShrink: 0 }}>
                  {t(key)}
                </Text>
                <Toggle />
              </div>
            ))}
          </div>
        </div>
        <div
          style={col({
            width: 220,
            flexShrink: 0,
            alignSelf: "flex-start",
            gap: 12,
            padding: 16,
            borderRadius: R.lg,
            background: C.panel,
            border: `1px solid ${C.line}`,
          })}
        >
          <Text size={T.sm} color={C.ink} bold>
            {t("fingerprint.check")}
          </Text>
          <div style={row({ gap: 10, padding: 12, borderRadius: R.lg, background: C.greenSoft })}>
            <Check size={26} />
            <div style={{ display: "flex", fontSize: T.sm, color: C.green, fontWeight: 700, lineHeight: 1.35 }}>{t("fingerprint.passed")}</div>
          </div>
          {(["profiles.proxy", "fingerprint.timeZone", "fingerprint.language", "fingerprint.webrtc", "fingerprint.screen"] as const).map((key) => (
            <div key={key} style={row({ gap: 8 })}>
              <Check size={16} />
              <Text size={T.sm}>{t(key)}</Text>
            </div>
          ))}
        </div>
      </div>
    </Window>
  );
}
