import { Dot, Text, Tile, Window, col, initial, row } from "./parts";
import { C, R, T } from "./tokens";
import type { DrawingKey, DrawingProps } from "./types";

/** Chat apps as coloured letters: generic squares, never the apps' own marks. */
const APPS: [string, string, number][] = [
  ["W", "#16a34a", 3],
  ["T", "#0284c7", 0],
  ["L", "#22c55e", 1],
  ["Z", "#2563eb", 0],
  ["M", "#7c3aed", 2],
  ["V", "#9333ea", 0],
];
const CONTACTS: [DrawingKey, DrawingKey, string, string][] = [
  ["chat.c1", "chat.last1", "#db2777", "10:42"],
  ["chat.c2", "chat.last2", "#0891b2", "10:15"],
  ["chat.c3", "chat.last3", "#d97706", "09:58"],
  ["chat.c4", "chat.last4", "#4f46e5", "09:30"],
];

function Bubble({ text, mine = false }: { text: string; mine?: boolean }) {
  return (
    <div style={row({ justifyContent: mine ? "flex-end" : "flex-start" })}>
      <div
        style={{
          display: "flex",
          maxWidth: 300,
          padding: "9px 13px",
          borderRadius: R.xl,
          fontSize: T.md,
          lineHeight: 1.4,
          ...(mine ? { background: C.indigo, color: C.white } : { background: C.chrome, color: C.ink }),
        }}
      >
        {text}
      </div>
    </div>
  );
}

/** Many chat-app accounts in one window: an account rail, the conversations, and one open chat. */
export function ChatWorkspace({ t }: DrawingProps) {
  return (
    <Window t={t} active={null}>
      <div style={row({ flexGrow: 1, alignItems: "stretch" })}>
        <div style={col({ width: 72, padding: "14px 0", gap: 12, alignItems: "center", background: C.rail, flexShrink: 0 })}>
          <Tile letter="F" color={C.indigo} size={30} />
          <div style={{ display: "flex", width: 32, height: 1, background: "rgba(255,255,255,0.2)" }} />
          {APPS.map(([letter, colour, unread], i) => (
            <div key={letter} style={row({ position: "relative", padding: 3, borderRadius: R.lg, border: `2px solid ${i === 0 ? C.white : "transparent"}` })}>
              <Tile letter={letter} color={colour} size={36} radius={R.lg} text={T.lg} />
              {unread ? (
                <div
                  style={row({
                    position: "absolute",
                    top: -4,
                    right: -6,
                    width: 18,
                    height: 18,
                    justifyContent: "center",
                    borderRadius: R.pill,
                    background: C.rose,
                    color: C.white,
                    fontSize: T.xs,
                    fontWeight: 700,
                  })}
                >
                  {String(unread)}
                </div>
              ) : null}
            </div>
          ))}
        </div>
        <div style={col({ width: 260, flexShrink: 0, borderRight: `1px solid ${C.line}`, background: C.panel })}>
          <div style={col({ padding: "16px 16px 12px", gap: 4, borderBottom: `1px solid ${C.line}` })}>
            <Text size={T.lg} color={C.ink} bold>
              {t("chat.shop")}
            </Text>
            <Text size={T.xs} color={C.muted}>
              {`${t("chat.accounts")}: 6 · ${t("chat.conversations")}: 128`}
            </Text>
          </div>
          {CONTACTS.map(([name, last, colour, time], i) => (
            <div
              key={name}
              style={row({ gap: 10, padding: "12px 16px", background: i === 0 ? C.indigoSoft : "transparent", borderBottom: `1px solid ${C.line}` })}
            >
              <Tile letter={initial(t(name))} color={colour} size={36} radius={R.pill} />
              <div style={col({ flexGrow: 1, gap: 3, minWidth: 0 })}>
                <div style={row({ justifyContent: "space-between", gap: 6 })}>
                  <Text color={C.ink} bold>
                    {t(name)}
                  </Text>
                  <Text size={T.xs} color={C.faint}>
                    {time}
                  </Text>
                </div>
                <Text size={T.sm} color={C.muted}>
                  {t(last)}
                </Text>
              </div>
            </div>
          ))}
        </div>
        <div style={col({ flexGrow: 1, minWidth: 0 })}>
          <div style={row({ height: 60, padding: "0 20px", gap: 10, borderBottom: `1px solid ${C.line}`, flexShrink: 0 })}>
            <Tile letter={initial(t("chat.c1"))} color="#db2777" size={34} radius={R.pill} />
            <div style={col({ gap: 2 })}>
              <Text color={C.ink} bold>
                {t("chat.c1")}
              </Text>
              <div style={row({ gap: 5 })}>
                <Dot color="#10b981" size={7} />
                <Text size={T.xs} color={C.muted}>
                  W · +1 555 0142
                </Text>
              </div>
            </div>
          </div>
          <div style={col({ flexGrow: 1, padding: 20, gap: 12, justifyContent: "flex-end" })}>
            {/* The shop's photo of the product the customer asks about: a picture needs no words. */}
            <div style={row({ justifyContent: "flex-end" })}>
              <div
                style={row({
                  width: 200,
                  height: 116,
                  gap: 12,
                  justifyContent: "center",
                  borderRadius: R.xl,
                  background: "linear-gradient(135deg, #e0e7ff, #c7d2fe)",
                })}
              >
                <div style={{ display: "flex", width: 54, height: 70, borderRadius: R.lg, background: "#2563eb" }} />
                <div style={{ display: "flex", width: 54, height: 70, borderRadius: R.lg, background: "#db2777" }} />
              </div>
            </div>
            <Bubble text={t("chat.in1")} />
            <Bubble text={t("chat.out1")} mine />
            <Bubble text={t("chat.in2")} />
          </div>
          <div style={row({ margin: "0 20px 20px", height: 42, padding: "0 14px", gap: 10, borderRadius: R.pill, border: `1px solid ${C.line}` })}>
            <Text size={T.sm} color={C.faint} style={{ flexGrow: 1 }}>
              {t("chat.typing")}
            </Text>
            <div style={row({ width: 28, height: 28, justifyContent: "center", borderRadius: R.pill, background: C.indigo, flexShrink: 0 })}>
              <div
                style={{
                  display: "flex",
                  width: 8,
                  height: 8,
                  marginTop: 3,
                  borderTop: `2px solid ${C.white}`,
                  borderRight: `2px solid ${C.white}`,
                  transform: "rotate(-45deg)",
                }}
              />
            </div>
          </div>
        </div>
      </div>
    </Window>
  );
}
