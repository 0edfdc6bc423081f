/**
 * What any page's scripts can read of this browser, measured here in the browser after
 * hydration. Nothing is sent anywhere: WebRTC gathers its candidates with no ICE servers (so no
 * STUN request leaves the machine) and the fingerprints are hashed locally.
 */
import type { AutomationSnapshot, ClientHints } from "./agreement";

export interface WebRtcAddresses {
  /** False when the browser has no RTCPeerConnection (or it is switched off). */
  available: boolean;
  /** Host candidates hidden behind a random .local name (Chromium's mDNS protection). */
  mdns: number;
  /** Addresses handed to the page as they are. */
  raw: string[];
}

export interface Fingerprints {
  canvas: string | null;
  webgl: { vendor: string | null; renderer: string | null; hash: string | null } | null;
  audio: string | null;
}

export interface Measurements {
  timeZone: string;
  languages: readonly string[];
  screen: { width: number; height: number; colorDepth: number; pixelRatio: number };
  deviceMemory: number | null;
  cores: number | null;
  touchPoints: number;
  userAgent: string;
  hints: ClientHints | null;
  highEntropy: Record<string, string>;
  fonts: { found: number; probed: number };
  automation: AutomationSnapshot;
}

/** Short hex SHA-256 of a value (12 characters are plenty to compare, and short enough to read). */
export async function shortHash(value: string | ArrayBuffer | Uint8Array): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const bytes = typeof value === "string" ? new TextEncoder().encode(value) : value;
  const digest = await crypto.subtle.digest("SHA-256", bytes as BufferSource);
  return [...new Uint8Array(digest)]
    .slice(0, 6)
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

type UserAgentData = ClientHints & { getHighEntropyValues?: (hints: string[]) => Promise<Record<string, unknown>> };

export async function readBrowser(): Promise<Measurements> {
  const nav = navigator as Navigator & { userAgentData?: UserAgentData; deviceMemory?: number };
  const uaData = nav.userAgentData;
  const hints: ClientHints | null = uaData ? { brands: [...uaData.brands], platform: uaData.platform, mobile: uaData.mobile } : null;
  const highEntropy: Record<string, string> = {};
  if (uaData?.getHighEntropyValues) {
    try {
      const values = await uaData.getHighEntropyValues(["platformVersion", "architecture", "bitness", "model", "fullVersionList"]);
      for (const key of ["platformVersion", "architecture", "bitness", "model"]) {
        if (typeof values[key] === "string" && values[key]) highEntropy[key] = values[key] as string;
      }
      const full = values.fullVersionList as { brand: string; version: string }[] | undefined;
      if (full?.length) highEntropy.fullVersionList = full.map((b) => `${b.brand} ${b.version}`).join(", ");
    } catch {
      // A browser may refuse high-entropy values: the low-entropy ones are still shown.
    }
  }
  return {
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    languages: nav.languages?.length ? [...nav.languages] : nav.language ? [nav.language] : [],
    screen: { width: screen.width, height: screen.height, colorDepth: screen.colorDepth, pixelRatio: Math.round(devicePixelRatio * 100) / 100 },
    deviceMemory: typeof nav.deviceMemory === "number" ? nav.deviceMemory : null,
    cores: typeof nav.hardwareConcurrency === "number" ? nav.hardwareConcurrency : null,
    touchPoints: nav.maxTouchPoints ?? 0,
    userAgent: nav.userAgent,
    hints,
    highEntropy,
    fonts: probeFonts(),
    automation: await automationSnapshot(),
  };
}

async function automationSnapshot(): Promise<AutomationSnapshot> {
  let notificationsQuery: string | null = null;
  try {
    notificationsQuery = (await navigator.permissions?.query({ name: "notifications" as PermissionName }))?.state ?? null;
  } catch {
    notificationsQuery = null;
  }
  return {
    webdriver: navigator.webdriver === true,
    userAgent: navigator.userAgent,
    pluginCount: navigator.plugins?.length ?? 0,
    mimeTypeCount: navigator.mimeTypes?.length ?? 0,
    hasWindowChrome: "chrome" in window,
    languageCount: navigator.languages?.length ?? 0,
    outerWidth: window.outerWidth,
    outerHeight: window.outerHeight,
    notificationPermission: typeof Notification === "undefined" ? null : Notification.permission,
    notificationsQuery,
  };
}

/**
 * Common fonts of Windows, macOS, Linux, Android and office suites. A font counts as installed
 * when text set in it (falling back to a generic family) measures differently from the generic
 * family alone: the same width test fingerprinting scripts use, with no request made.
 */
export const PROBED_FONTS = [
  "Arial",
  "Arial Black",
  "Bahnschrift",
  "Calibri",
  "Cambria",
  "Candara",
  "Comic Sans MS",
  "Consolas",
  "Constantia",
  "Corbel",
  "Courier New",
  "Franklin Gothic Medium",
  "Gabriola",
  "Georgia",
  "Impact",
  "Lucida Console",
  "Lucida Sans Unicode",
  "Microsoft YaHei",
  "MS Gothic",
  "Palatino Linotype",
  "Segoe UI",
  "SimSun",
  "Sylfaen",
  "Tahoma",
  "Times New Roman",
  "Trebuchet MS",
  "Verdana",
  "American Typewriter",
  "Avenir",
  "Baskerville",
  "Futura",
  "Geneva",
  "Gill Sans",
  "Helvetica",
  "Helvetica Neue",
  "Hiragino Sans",
  "Menlo",
  "Monaco",
  "Optima",
  "PingFang SC",
  "DejaVu Sans",
  "DejaVu Serif",
  "Liberation Sans",
  "Liberation Serif",
  "Noto Sans",
  "Noto Sans CJK SC",
  "Ubuntu",
  "Cantarell",
  "Roboto",
  "Droid Sans",
] as const;

export function probeFonts(): { found: number; probed: number } {
  const context = document.createElement("canvas").getContext("2d");
  if (!context) return { found: 0, probed: 0 };
  const sample = "mmmmmmmmmmlli WwQq 0123456789 永字八法 กขค";
  const bases = ["monospace", "serif", "sans-serif"] as const;
  const widthIn = (family: string) => {
    context.font = `72px ${family}`;
    return context.measureText(sample).width;
  };
  const baseWidths = bases.map(widthIn);
  const found = PROBED_FONTS.filter((font) => bases.some((base, i) => widthIn(`"${font}", ${base}`) !== baseWidths[i])).length;
  return { found, probed: PROBED_FONTS.length };
}

/** The addresses WebRTC hands a page, from a connection with no ICE servers (host candidates only). */
export async function probeWebRtc(timeoutMs = 3_000): Promise<WebRtcAddresses> {
  if (typeof RTCPeerConnection === "undefined") return { available: false, mdns: 0, raw: [] };
  let connection: RTCPeerConnection;
  try {
    connection = new RTCPeerConnection({ iceServers: [] });
  } catch {
    return { available: false, mdns: 0, raw: [] };
  }
  const addresses = new Set<string>();
  try {
    connection.createDataChannel("check");
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      connection.addEventListener("icecandidate", (event) => {
        if (!event.candidate) {
          clearTimeout(timer);
          resolve();
          return;
        }
        // candidate:<foundation> <component> <protocol> <priority> <address> <port> typ <type>
        const address = event.candidate.address ?? event.candidate.candidate.split(" ")[4];
        if (address) addresses.add(address);
      });
    });
    await connection.setLocalDescription(await connection.createOffer());
    await done;
  } catch {
    return { available: false, mdns: 0, raw: [] };
  } finally {
    connection.close();
  }
  const list = [...addresses];
  return { available: true, mdns: list.filter((a) => a.endsWith(".local")).length, raw: list.filter((a) => !a.endsWith(".local")) };
}

function canvasImage(): string | null {
  const canvas = document.createElement("canvas");
  canvas.width = 280;
  canvas.height = 60;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.textBaseline = "alphabetic";
  context.fillStyle = "#f60";
  context.fillRect(100, 1, 62, 20);
  context.fillStyle = "#069";
  context.font = "15px 'Arial'";
  context.fillText("Facet Browser, 1.0 <canvas> 😃", 2, 15);
  context.fillStyle = "rgba(102, 204, 0, 0.7)";
  context.font = "18px serif";
  context.fillText("Cwm fjordbank glyphs vext quiz", 4, 45);
  context.globalCompositeOperation = "multiply";
  context.fillStyle = "rgb(255,0,255)";
  context.beginPath();
  context.arc(50, 50, 40, 0, Math.PI * 2, true);
  context.fill();
  return canvas.toDataURL();
}

function webglImage(): { vendor: string | null; renderer: string | null; pixels: Uint8Array | null } | null {
  const canvas = document.createElement("canvas");
  canvas.width = 64;
  canvas.height = 64;
  const gl = canvas.getContext("webgl", { preserveDrawingBuffer: true }) as WebGLRenderingContext | null;
  if (!gl) return null;
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  const vendor = info ? String(gl.getParameter(info.UNMASKED_VENDOR_WEBGL)) : String(gl.getParameter(gl.VENDOR));
  const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : String(gl.getParameter(gl.RENDERER));
  const program = gl.createProgram();
  const compile = (type: number, source: string) => {
    const shader = gl.createShader(type)!;
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    gl.attachShader(program!, shader);
  };
  compile(gl.VERTEX_SHADER, "attribute vec2 p;varying vec2 v;void main(){v=p;gl_Position=vec4(p,0.,1.);}");
  compile(
    gl.FRAGMENT_SHADER,
    "precision mediump float;varying vec2 v;void main(){gl_FragColor=vec4(sin(v.x*9.7)*.5+.5,cos(v.y*7.3)*.5+.5,fract(v.x*v.y*13.1),1.);}",
  );
  gl.linkProgram(program!);
  gl.useProgram(program);
  const buffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -0.6, -0.2, 1]), gl.STATIC_DRAW);
  const location = gl.getAttribLocation(program!, "p");
  gl.enableVertexAttribArray(location);
  gl.vertexAttribPointer(location, 2, gl.FLOAT, false, 0, 0);
  gl.clearColor(0.1, 0.2, 0.3, 1);
  gl.clear(gl.COLOR_BUFFER_BIT);
  gl.drawArrays(gl.TRIANGLES, 0, 3);
  const pixels = new Uint8Array(64 * 64 * 4);
  gl.readPixels(0, 0, 64, 64, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  return { vendor, renderer, pixels };
}

/** The classic audio fingerprint: a compressed triangle wave rendered offline, its samples summed. */
async function audioSum(): Promise<string | null> {
  const Offline = window.OfflineAudioContext ?? (window as unknown as { webkitOfflineAudioContext?: typeof OfflineAudioContext }).webkitOfflineAudioContext;
  if (!Offline) return null;
  const context = new Offline(1, 5_000, 44_100);
  const oscillator = context.createOscillator();
  oscillator.type = "triangle";
  oscillator.frequency.value = 10_000;
  const compressor = context.createDynamicsCompressor();
  compressor.threshold.value = -50;
  compressor.knee.value = 40;
  compressor.ratio.value = 12;
  compressor.attack.value = 0;
  compressor.release.value = 0.25;
  oscillator.connect(compressor);
  compressor.connect(context.destination);
  oscillator.start(0);
  const rendered = await context.startRendering();
  const samples = rendered.getChannelData(0);
  let sum = 0;
  for (let i = 4_500; i < samples.length; i++) sum += Math.abs(samples[i]!);
  return sum.toString();
}

async function safely<T>(measure: () => T | Promise<T>): Promise<T | null> {
  try {
    return await measure();
  } catch {
    return null;
  }
}

export async function probeFingerprints(): Promise<Fingerprints> {
  const [canvas, webgl, audio] = await Promise.all([safely(canvasImage), safely(webglImage), safely(audioSum)]);
  return {
    canvas: canvas ? await shortHash(canvas) : null,
    webgl: webgl ? { vendor: webgl.vendor, renderer: webgl.renderer, hash: webgl.pixels ? await shortHash(webgl.pixels) : null } : null,
    audio: audio ? await shortHash(audio) : null,
  };
}
