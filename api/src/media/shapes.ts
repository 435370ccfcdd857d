/**
 * Flat, shaded product silhouettes as SVG fragments on an 800 x 800 canvas (floor at y = 690).
 * Each kind draws a few recognisable styles; `tweak` varies small details (handles, legs,
 * proportions) so a grid of products in one colour still looks varied.
 */
import type { ImageKind } from "./paths";

export interface Palette {
  base: string;
  light: string;
  dark: string;
  darker: string;
  stroke: string;
  /** metal trim that reads on any body colour */
  metal: string;
  glass: string;
  wood: string;
  fabricLight: string;
}

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  const n = Number.parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, "0")).join("")}`;
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Shades of one colour; very light and very dark colours get shading pushed the other way. */
export function palette(hex: string): Palette {
  const c = parseHex(hex);
  const lum = luminance(hex);
  const light = lum > 0.85 ? mix(c, WHITE, 0.6) : mix(c, WHITE, lum < 0.2 ? 0.22 : 0.32);
  const dark = mix(c, BLACK, lum < 0.2 ? 0.35 : 0.18);
  return {
    base: toHex(c),
    light: toHex(light),
    dark: toHex(lum > 0.85 ? mix(c, BLACK, 0.12) : dark),
    darker: toHex(mix(c, BLACK, lum > 0.85 ? 0.3 : 0.45)),
    stroke: toHex(mix(c, BLACK, lum > 0.6 ? 0.35 : 0.6)),
    metal: lum < 0.35 ? "#8f969d" : "#6d7379",
    glass: "#1d242c",
    wood: "#6b4a33",
    fabricLight: toHex(mix(c, WHITE, 0.18)),
  };
}

/** Shared gradients: "body" shades a surface left to right, "glass" and "screen" for displays. */
export function defs(p: Palette): string {
  return [
    `<linearGradient id="body" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${p.light}"/><stop offset="0.45" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>`,
    `<linearGradient id="bodyV" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>`,
    `<linearGradient id="glass" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#3a4450"/><stop offset="0.5" stop-color="${p.glass}"/><stop offset="1" stop-color="#0e1216"/></linearGradient>`,
    `<linearGradient id="screen" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#2f6db3"/><stop offset="0.55" stop-color="#7b4fa8"/><stop offset="1" stop-color="#f2a900"/></linearGradient>`,
    `<linearGradient id="metal" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#eef0f2"/><stop offset="1" stop-color="${p.metal}"/></linearGradient>`,
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
  ].join("");
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ""): string =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = ""): string => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ""): string =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`;
const path = (d: string, fill: string, extra = ""): string => `<path d="${d}" fill="${fill}" ${extra}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number): string =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"/>`;
const outline = (p: Palette, width = 3): string => `stroke="${p.stroke}" stroke-width="${width}"`;
const shadow = (cx: number, rx: number): string => ellipse(cx, 692, rx, 16, "url(#shadow)");

/** A bar handle: vertical or horizontal, chrome or body-coloured by tweak. */
function handle(p: Palette, x: number, y: number, length: number, vertical: boolean, tweak: number): string {
  const fill = tweak % 2 === 0 ? "url(#metal)" : p.darker;
  const t = tweak >= 2 ? 14 : 10;
  return vertical ? rect(x - t / 2, y, t, length, fill, `rx="${t / 2}"`) : rect(x, y - t / 2, length, t, fill, `rx="${t / 2}"`);
}

function feet(p: Palette, x1: number, x2: number, y = 690): string {
  return rect(x1, y - 10, 22, 10, p.darker, 'rx="3"') + rect(x2 - 22, y - 10, 22, 10, p.darker, 'rx="3"');
}

function legs(color: string, xs: readonly number[], top: number, bottom: number, width: number, taper: boolean): string {
  return xs.map((x) => (taper ? path(`M${x - width / 2} ${top} L${x + width / 2} ${top} L${x + width / 4} ${bottom} L${x - width / 4} ${bottom} Z`, color) : rect(x - width / 2, top, width, bottom - top, color))).join("");
}

// ------------------------------------------------------------------------------------------
// appliances
// ------------------------------------------------------------------------------------------

function refrigerator(p: Palette, style: number, tweak: number): string {
  if (style === 4) {
    return shadow(400, 140) + rect(285, 400, 230, 285, "url(#body)", `rx="14" ${outline(p)}`) + handle(p, 488, 440, 90, true, tweak) + feet(p, 300, 500);
  }
  const [x, y, w, h] = [225, 90, 350, 595];
  let s = shadow(400, 210) + rect(x, y, w, h, "url(#body)", `rx="16" ${outline(p)}`);
  if (style === 0) {
    s += line(400, y + 4, 400, 430, p.stroke, 3) + line(x + 4, 430, x + w - 4, 430, p.stroke, 3);
    s += handle(p, 382, 150, 230, true, tweak) + handle(p, 418, 150, 230, true, tweak) + handle(p, 280, 462, 240, false, tweak);
    if (tweak !== 1) s += rect(262, 190, 86, 130, p.glass, 'rx="10"') + rect(285, 265, 40, 40, "#10151a", 'rx="6"');
  } else if (style === 1) {
    s += line(382, y + 4, 382, y + h - 4, p.stroke, 3);
    s += handle(p, 362, 200, 300, true, tweak) + handle(p, 402, 200, 300, true, tweak);
    s += rect(262, 180, 86, 150, p.glass, 'rx="10"') + rect(285, 265, 40, 50, "#10151a", 'rx="6"');
  } else if (style === 2) {
    s += line(x + 4, 270, x + w - 4, 270, p.stroke, 3) + handle(p, 255, 140, 100, true, tweak) + handle(p, 255, 300, 220, true, tweak);
  } else {
    s += line(x + 4, 480, x + w - 4, 480, p.stroke, 3) + handle(p, 255, 140, 300, true, tweak) + handle(p, 290, 515, 220, false, tweak);
  }
  return s + feet(p, x + 14, x + w - 14);
}

function freezer(p: Palette, style: number, tweak: number): string {
  if (style === 0) {
    return shadow(400, 250) + rect(160, 430, 480, 255, "url(#body)", `rx="14" ${outline(p)}`) + rect(160, 420, 480, 40, "url(#bodyV)", `rx="10" ${outline(p)}`) +
      handle(p, 340, 482, 120, false, tweak) + circle(600, 520, 6, "#3bb273");
  }
  return shadow(400, 170) + rect(250, 140, 300, 545, "url(#body)", `rx="14" ${outline(p)}`) + handle(p, 280, 200, 260, true, tweak) + feet(p, 262, 538);
}

function range(p: Palette, style: number, tweak: number): string {
  if (style === 3) {
    let s = shadow(400, 190) + rect(220, 100, 360, 590, "#d9c7a8", 'rx="4"') + rect(240, 120, 320, 550, "url(#body)", `rx="10" ${outline(p)}`);
    s += rect(255, 132, 290, 34, p.glass, 'rx="6"');
    for (const top of [180, 430]) s += rect(275, top + 55, 250, 150, "url(#glass)", 'rx="10"') + handle(p, 285, top + 30, 230, false, tweak) + line(245, top + 235, 555, top + 235, p.stroke, 3);
    return s;
  }
  if (style === 4) {
    let s = ellipse(400, 560, 300, 26, "url(#shadow)") + path("M140 520 L660 520 L610 430 L190 430 Z", "url(#glass)", outline(p)) + rect(140, 520, 520, 18, p.metal);
    const burners = [[290, 455, 50], [510, 455, 50], [260, 495, 38], [540, 495, 38], [400, 475, 44]] as const;
    for (const [cx, cy, r] of burners) s += ellipse(cx, cy, r, r * 0.32, "none", `stroke="${tweak % 2 ? "#e0713b" : "#9aa3ad"}" stroke-width="4"`);
    return s;
  }
  const [x, w] = [235, 330];
  let s = shadow(400, 200) + rect(x, 330, w, 355, "url(#body)", `rx="10" ${outline(p)}`);
  s += rect(x, 280, w, 52, style === 0 ? "url(#bodyV)" : p.darker, `rx="8" ${outline(p, 2)}`);
  if (style === 0) {
    s += rect(x - 6, 320, w + 12, 16, "#2b2f34", 'rx="4"');
    for (const gx of [300, 400, 500]) s += rect(gx - 40, 312, 80, 10, "#2b2f34", 'rx="3"');
    for (let k = 0; k < 5; k++) s += circle(275 + k * 62, 360, 13, p.darker, `stroke="${p.metal}" stroke-width="3"`);
  } else {
    s += rect(x - 4, 318, w + 8, 16, "#15191d", 'rx="4"');
    if (style === 1) for (let k = 0; k < 4; k++) s += circle(280 + k * 80, 306, 11, p.metal);
    else s += rect(330, 296, 140, 20, "#10151a", 'rx="6"') + circle(350, 306, 3, "#f2a900") + circle(380, 306, 3, "#f2a900");
    s += line(x + 20, 365, x + w - 20, 365, p.stroke, 2);
  }
  s += handle(p, 275, 395, 250, false, tweak) + rect(275, 425, 250, 170, "url(#glass)", 'rx="10"') + line(x + 4, 612, x + w - 4, 612, p.stroke, 3);
  return s + handle(p, 320, 645, 160, false, tweak + 1);
}

function hood(p: Palette, style: number, tweak: number): string {
  if (style === 0) {
    return rect(355, 60, 90, 310, "url(#body)", outline(p, 2)) + path("M210 470 L590 470 L520 370 L280 370 Z", "url(#body)", outline(p)) +
      rect(205, 470, 390, 26, p.dark, `rx="4" ${outline(p, 2)}`) + rect(250, 500, 300, 6, tweak % 2 ? "#ffe8a3" : "#fff6d8") + ellipse(400, 640, 200, 14, "url(#shadow)");
  }
  return rect(170, 70, 460, 250, "#c8b08a", `rx="6" stroke="#8f7650" stroke-width="3"`) + line(400, 80, 400, 310, "#8f7650", 3) +
    rect(190, 320, 420, 95, "url(#body)", `rx="8" ${outline(p)}`) + rect(215, 405, 370, 8, "#fff6d8") + circle(560, 360, 9, p.darker) + circle(530, 360, 9, p.darker) +
    ellipse(400, 640, 200, 14, "url(#shadow)");
}

function dishwasher(p: Palette, style: number, tweak: number): string {
  if (style === 2) {
    return shadow(400, 170) + rect(255, 330, 290, 330, "url(#body)", `rx="10" ${outline(p)}`) + rect(245, 305, 310, 30, "#b88a5a", 'rx="6"') +
      handle(p, 300, 375, 200, false, tweak) + circle(280, 675, 14, "#2b2f34") + circle(520, 675, 14, "#2b2f34");
  }
  let s = shadow(400, 165) + rect(255, 320, 290, 365, "url(#body)", `rx="8" ${outline(p)}`);
  if (style === 1) {
    s += rect(262, 328, 276, 46, p.darker, 'rx="6"');
    for (let k = 0; k < 5; k++) s += circle(300 + k * 36, 351, 7, k === 0 ? "#3bb273" : p.metal);
    s += handle(p, 300, 395, 200, false, tweak);
  } else {
    s += line(259, 345, 541, 345, p.stroke, 2) + handle(p, 295, 372, 210, false, tweak);
  }
  return s + line(259, 650, 541, 650, p.stroke, 3);
}

function microwave(p: Palette, style: number, tweak: number): string {
  if (style === 1) {
    return rect(150, 60, 500, 190, "#c8b08a", `rx="6" stroke="#8f7650" stroke-width="3"`) + line(400, 70, 400, 240, "#8f7650", 3) +
      rect(160, 250, 480, 210, "url(#body)", `rx="10" ${outline(p)}`) + rect(175, 262, 450, 16, p.darker, 'rx="4"') +
      rect(180, 290, 320, 150, "url(#glass)", 'rx="10"') + handle(p, 515, 295, 140, true, tweak) + rect(545, 300, 80, 130, p.darker, 'rx="8"') +
      ellipse(400, 640, 220, 14, "url(#shadow)");
  }
  if (style === 2) {
    return rect(170, 300, 460, 300, "#c8b08a", `rx="6" stroke="#8f7650" stroke-width="3"`) + rect(195, 340, 410, 220, p.metal, 'rx="6"') +
      rect(205, 350, 390, 200, "url(#body)", `rx="8" ${outline(p)}`) + rect(220, 365, 270, 170, "url(#glass)", 'rx="8"') + rect(505, 370, 75, 160, p.darker, 'rx="6"');
  }
  let s = shadow(400, 220) + rect(190, 430, 420, 240, "url(#body)", `rx="14" ${outline(p)}`) + rect(210, 452, 280, 196, "url(#glass)", 'rx="10"');
  s += rect(505, 452, 88, 196, p.darker, 'rx="8"');
  for (let k = 0; k < 9; k++) s += rect(520 + (k % 3) * 22, 500 + Math.floor(k / 3) * 26, 14, 14, p.metal, 'rx="3"');
  return s + handle(p, 470, 470, 160, true, tweak) + feet(p, 205, 595);
}

function washer(p: Palette, style: number, tweak: number, dryer = false): string {
  let s = shadow(400, 180) + rect(245, 300, 310, 385, "url(#body)", `rx="14" ${outline(p)}`);
  s += rect(252, 308, 296, 62, p.dark, `rx="10"`) + circle(480, 339, 20, p.metal, `stroke="${p.stroke}" stroke-width="3"`) + rect(280, 328, 120, 22, "#10151a", 'rx="5"');
  if (style === 1) {
    s = shadow(400, 180) + rect(245, 330, 310, 355, "url(#body)", `rx="14" ${outline(p)}`) + rect(245, 250, 310, 70, p.dark, `rx="10" ${outline(p, 2)}`) +
      circle(470, 285, 20, p.metal) + rect(280, 275, 120, 20, "#10151a", 'rx="5"') + path("M255 330 L545 330 L525 390 L275 390 Z", "url(#glass)", outline(p, 2)) +
      handle(p, 340, 372, 120, false, tweak) + line(250, 640, 550, 640, p.stroke, 3);
    return s;
  }
  const r = dryer ? 100 : 112;
  s += circle(400, 515, r + 18, "url(#metal)", `stroke="${p.stroke}" stroke-width="3"`);
  s += circle(400, 515, r, dryer ? p.darker : "url(#glass)");
  s += dryer ? circle(400, 515, r - 30, "url(#glass)") : path(`M${400 - r * 0.6} ${515 - r * 0.4} Q400 ${515 - r} ${400 + r * 0.5} ${515 - r * 0.55}`, "none", 'stroke="#ffffff" stroke-opacity="0.35" stroke-width="10" stroke-linecap="round"');
  s += rect(400 + r + 6, 490, 14, 50, tweak % 2 ? p.darker : p.metal, 'rx="6"');
  if (dryer) for (let k = 0; k < 6; k++) s += rect(280 + k * 42, 655, 26, 6, p.dark, 'rx="3"');
  return s;
}

// ------------------------------------------------------------------------------------------
// electronics
// ------------------------------------------------------------------------------------------

/** A TV picture: sky, hills and a sun, so a black rectangle reads as a screen. */
function picture(x: number, y: number, w: number, h: number, tweak: number): string {
  const sun = ["#f2a900", "#ffd166", "#ff8c42", "#fff1c1"][tweak % 4];
  return `<g><clipPath id="pic"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4"/></clipPath><g clip-path="url(#pic)">` +
    rect(x, y, w, h, "url(#screen)") + circle(x + w * 0.72, y + h * 0.35, h * 0.14, sun) +
    path(`M${x} ${y + h * 0.75} Q${x + w * 0.25} ${y + h * 0.45} ${x + w * 0.5} ${y + h * 0.7} T${x + w} ${y + h * 0.62} L${x + w} ${y + h} L${x} ${y + h} Z`, "#1f6f50") +
    path(`M${x} ${y + h * 0.88} Q${x + w * 0.4} ${y + h * 0.7} ${x + w} ${y + h * 0.85} L${x + w} ${y + h} L${x} ${y + h} Z`, "#164d38") + `</g></g>`;
}

function tv(p: Palette, style: number, tweak: number): string {
  const [x, y, w, h] = [110, 170, 580, 340];
  let s = rect(x, y, w, h, p.base, `rx="8" ${outline(p, 2)}`) + picture(x + 10, y + 10, w - 20, h - 20, tweak);
  if (style === 0) s += path(`M${x + 60} ${y + h} L${x + 40} 650 L${x + 90} 650 Z`, p.darker) + path(`M${x + w - 60} ${y + h} L${x + w - 40} 650 L${x + w - 90} 650 Z`, p.darker);
  else s += rect(380, y + h, 40, 110, p.darker) + rect(300, 620, 200, 24, p.darker, 'rx="10"');
  return ellipse(400, 656, 290, 12, "url(#shadow)") + s;
}

function projector(p: Palette, _style: number, tweak: number): string {
  return path("M250 500 L40 200 L40 760 Z", "#fff6d8", 'opacity="0.35"') + shadow(400, 200) + rect(230, 470, 340, 150, "url(#body)", `rx="24" ${outline(p)}`) +
    circle(300, 545, 52, "#2b2f34", `stroke="${p.metal}" stroke-width="8"`) + circle(300, 545, 28, "url(#glass)") + circle(288, 533, 8, "#ffffff", 'opacity="0.5"') +
    rect(400, 505, 130, 12, p.dark, 'rx="6"') + rect(400, 530, 130, 12, p.dark, 'rx="6"') + rect(400, 555, 130, 12, p.dark, 'rx="6"') + feet(p, 260, 540, 640 + tweak);
}

function monitor(p: Palette, style: number, tweak: number): string {
  if (style === 1) {
    return ellipse(400, 660, 240, 12, "url(#shadow)") + path("M100 210 Q400 170 700 210 L700 450 Q400 420 100 450 Z", p.base, outline(p, 2)) +
      `<g transform="translate(0 6)">${picture(115, 215, 570, 205, tweak)}</g>` + rect(375, 440, 50, 160, p.darker) + path("M300 650 L500 650 L470 600 L330 600 Z", p.darker);
  }
  return ellipse(400, 660, 220, 12, "url(#shadow)") + rect(160, 160, 480, 300, p.base, `rx="8" ${outline(p, 2)}`) + picture(172, 172, 456, 266, tweak) +
    rect(378, 460, 44, 150, p.darker) + rect(290, 610, 220, 30, p.darker, 'rx="12"');
}

function laptop(p: Palette, _style: number, tweak: number): string {
  let s = ellipse(400, 612, 260, 14, "url(#shadow)") + rect(210, 200, 380, 270, p.base, `rx="14" ${outline(p, 2)}`) + picture(226, 216, 348, 238, tweak);
  s += path("M150 580 L650 580 L600 470 L200 470 Z", "url(#body)", outline(p, 2)) + rect(140, 578, 520, 16, p.dark, 'rx="8"');
  for (let row = 0; row < 4; row++) s += rect(230 - row * 8, 482 + row * 20, 340 + row * 16, 12, p.darker, 'rx="3"');
  return s + rect(350, 562, 100, 12, p.dark, 'rx="4"');
}

function tablet(p: Palette, _style: number, tweak: number): string {
  return ellipse(400, 690, 150, 12, "url(#shadow)") + rect(270, 120, 260, 560, p.base, `rx="30" ${outline(p, 3)}`) + picture(288, 150, 224, 500, tweak) + circle(400, 136, 5, "#111");
}

function desktop(p: Palette, style: number, tweak: number): string {
  if (style === 1) {
    return ellipse(400, 670, 240, 12, "url(#shadow)") + rect(130, 140, 540, 360, p.base, `rx="14" ${outline(p, 2)}`) + picture(146, 156, 508, 300, tweak) +
      rect(130, 470, 540, 30, p.light, 'rx="6"') + path("M360 500 L440 500 L470 640 L330 640 Z", p.dark) + rect(300, 636, 200, 18, p.dark, 'rx="8"');
  }
  return ellipse(390, 690, 280, 14, "url(#shadow)") + rect(110, 200, 330, 220, p.base, `rx="8" ${outline(p, 2)}`) + picture(122, 212, 306, 196, tweak) +
    rect(255, 420, 40, 120, p.darker) + rect(200, 540, 150, 18, p.darker, 'rx="8"') + rect(470, 300, 170, 385, "url(#body)", `rx="12" ${outline(p)}`) +
    circle(555, 340, 10, "#3bb273") + rect(495, 380, 120, 6, p.darker, 'rx="3"') + rect(495, 396, 120, 6, p.darker, 'rx="3"') +
    path("M500 460 L610 460 L610 640 L500 640 Z", "none", `stroke="${p.stroke}" stroke-width="2" stroke-dasharray="6 6"`);
}

function driver(cx: number, cy: number, r: number, p: Palette): string {
  return circle(cx, cy, r, p.darker, `stroke="${p.metal}" stroke-width="4"`) + circle(cx, cy, r * 0.55, "#2b2f34") + circle(cx, cy, r * 0.18, p.metal);
}

function speaker(p: Palette, style: number, tweak: number): string {
  if (style === 1) {
    let s = shadow(400, 110) + rect(320, 260, 160, 425, "url(#body)", `rx="70" ${outline(p)}`);
    for (let k = 0; k < 14; k++) s += line(335, 310 + k * 24, 465, 310 + k * 24, p.dark, 3);
    return s + rect(360, 280, 80, 14, p.darker, 'rx="7"') + circle(400, 660, 6, tweak % 2 ? "#3bb273" : "#ffffff");
  }
  if (style === 2) {
    return shadow(400, 120) + rect(310, 100, 180, 585, "url(#body)", `rx="10" ${outline(p)}`) + driver(400, 170, 28, p) + driver(400, 290, 62, p) + driver(400, 450, 62, p) +
      circle(400, 590, 20, "#10151a");
  }
  let s = "";
  for (const cx of [270, 530]) {
    s += shadow(cx, 100) + rect(cx - 90, 340, 180, 345, "url(#body)", `rx="10" ${outline(p)}`) + driver(cx, 400, 24, p) + driver(cx, 540, 62, p) + circle(cx, 645, 14, "#10151a");
  }
  return s;
}

function soundbar(p: Palette, _style: number, tweak: number): string {
  let s = ellipse(400, 520, 330, 14, "url(#shadow)") + rect(70, 420, 660, 90, "url(#bodyV)", `rx="40" ${outline(p)}`);
  for (let k = 0; k < 40; k++) s += circle(110 + k * 15, 450 + (k % 2) * 12, 3, p.darker);
  s += rect(350, 490, 100, 8, tweak % 2 ? "#3bb273" : "#ffffff", 'rx="4" opacity="0.8"');
  return s + shadow(620, 110) + rect(540, 540, 170, 145, "url(#body)", `rx="14" ${outline(p)}`) + circle(625, 612, 45, p.darker);
}

function headphones(p: Palette, style: number, tweak: number): string {
  if (style === 1) {
    return shadow(400, 160) + rect(270, 430, 260, 250, "url(#body)", `rx="90" ${outline(p)}`) + line(280, 520, 520, 520, p.stroke, 3) +
      ellipse(345, 360, 40, 60, "url(#body)", outline(p)) + rect(335, 380, 20, 110, "url(#body)", `rx="10" ${outline(p, 2)}`) +
      ellipse(455, 360, 40, 60, "url(#body)", outline(p)) + rect(445, 380, 20, 110, "url(#body)", `rx="10" ${outline(p, 2)}`) + circle(400, 600, 6, tweak % 2 ? "#3bb273" : "#ffffff");
  }
  return path("M230 470 Q230 150 400 150 Q570 150 570 470", "none", `stroke="${p.base}" stroke-width="34" stroke-linecap="round"`) +
    path("M230 470 Q230 150 400 150 Q570 150 570 470", "none", `stroke="${p.dark}" stroke-width="6" stroke-linecap="round" opacity="0.6"`) +
    ellipse(245, 500, 70, 105, "url(#body)", outline(p)) + ellipse(555, 500, 70, 105, "url(#body)", outline(p)) +
    ellipse(260, 500, 40, 70, p.darker) + ellipse(540, 500, 40, 70, p.darker) + ellipse(400, 640, 220, 14, "url(#shadow)");
}

function receiver(p: Palette, _style: number, tweak: number): string {
  let s = shadow(400, 270) + rect(130, 430, 540, 230, "url(#body)", `rx="10" ${outline(p)}`) + rect(160, 470, 260, 50, "#10151a", 'rx="6"');
  s += rect(175, 485, 150, 8, "#4fc3f7", 'rx="4"') + rect(175, 500, 90, 6, "#4fc3f7", 'rx="3" opacity="0.6"');
  s += circle(580, 520, 55, "url(#metal)", outline(p, 3)) + circle(580, 520, 8, p.darker);
  for (let k = 0; k < 6; k++) s += circle(180 + k * 40, 590, 10, p.metal);
  return s + feet(p, 150, 650) + circle(470, 495, 8, tweak % 2 ? "#3bb273" : "#ef5350");
}

// ------------------------------------------------------------------------------------------
// furniture
// ------------------------------------------------------------------------------------------

function sofa(p: Palette, style: number, tweak: number): string {
  const legColor = tweak % 2 ? "#2b2f34" : p.wood;
  if (style === 1) {
    // L-shaped: a long back with a chaise coming forward on the right
    let s = shadow(400, 330) + rect(100, 300, 610, 170, "url(#body)", `rx="40" ${outline(p)}`);
    for (let k = 0; k < 4; k++) s += rect(150 + k * 135, 320, 125, 120, p.fabricLight, `rx="26" ${outline(p, 2)}`);
    s += rect(110, 450, 420, 120, p.base, `rx="22" ${outline(p)}`) + rect(500, 450, 220, 200, p.base, `rx="26" ${outline(p)}`);
    for (const x of [130, 260, 390]) s += rect(x, 460, 122, 60, p.fabricLight, `rx="16" ${outline(p, 2)}`);
    s += rect(520, 460, 180, 170, p.fabricLight, `rx="20" ${outline(p, 2)}`) + rect(70, 390, 80, 200, "url(#body)", `rx="30" ${outline(p)}`);
    return s + legs(legColor, [100, 480], 588, 676, 16, true) + legs(legColor, [520, 700], 648, 688, 14, true);
  }
  const seats = style === 2 ? 2 : 3;
  const [x1, x2] = style === 2 ? [200, 600] : [120, 680];
  const cw = (x2 - x1 - 120) / seats;
  let s = shadow(400, (x2 - x1) / 2 + 10) + rect(x1 + 20, 320, x2 - x1 - 40, 170, "url(#body)", `rx="40" ${outline(p)}`);
  for (let k = 0; k < seats; k++) s += rect(x1 + 60 + k * cw, 340, cw - 8, 120, p.fabricLight, `rx="24" ${outline(p, 2)}`);
  s += rect(x1 + 40, 450, x2 - x1 - 80, 130, p.base, `rx="20" ${outline(p)}`);
  for (let k = 0; k < seats; k++) s += rect(x1 + 60 + k * cw, 460, cw - 8, 60, p.fabricLight, `rx="16" ${outline(p, 2)}`);
  s += rect(x1, 390, 70, 210, "url(#body)", `rx="${tweak >= 2 ? 34 : 20}" ${outline(p)}`) + rect(x2 - 70, 390, 70, 210, "url(#body)", `rx="${tweak >= 2 ? 34 : 20}" ${outline(p)}`);
  return s + legs(legColor, [x1 + 30, x2 - 30], 598, 680, 16, true);
}

function chair(p: Palette, style: number, tweak: number): string {
  const legColor = tweak % 2 ? "#2b2f34" : p.wood;
  if (style === 0) {
    return shadow(400, 190) + rect(240, 220, 320, 300, "url(#body)", `rx="60" ${outline(p)}`) + rect(270, 250, 260, 170, p.fabricLight, `rx="40" ${outline(p, 2)}`) +
      rect(250, 440, 300, 150, p.base, `rx="30" ${outline(p)}`) + rect(200, 380, 80, 230, "url(#body)", `rx="34" ${outline(p)}`) +
      rect(520, 380, 80, 230, "url(#body)", `rx="34" ${outline(p)}`) + rect(270, 600, 260, 70, p.dark, `rx="14" ${outline(p, 2)}`) + legs(legColor, [250, 550], 660, 688, 16, false);
  }
  if (style === 2) {
    let s = shadow(400, 180) + rect(290, 130, 220, 260, p.base, `rx="60" ${outline(p)}`);
    for (let k = 0; k < 8; k++) s += line(310 + k * 26, 160, 310 + k * 26, 360, p.dark, 2);
    s += rect(270, 400, 260, 60, "url(#body)", `rx="24" ${outline(p)}`) + rect(250, 360, 24, 80, "#2b2f34", 'rx="10"') + rect(526, 360, 24, 80, "#2b2f34", 'rx="10"');
    s += rect(390, 460, 20, 120, "#8f969d") + path("M400 580 L240 640 M400 580 L300 670 M400 580 L500 670 M400 580 L560 640 M400 580 L400 680", "none", 'stroke="#2b2f34" stroke-width="16" stroke-linecap="round"');
    for (const [cx, cy] of [[240, 650], [300, 680], [500, 680], [560, 650], [400, 688]] as const) s += circle(cx, cy - 4, 10, "#111");
    return s;
  }
  if (style === 3) {
    return shadow(400, 120) + ellipse(400, 300, 110, 30, "url(#body)", outline(p)) + rect(290, 300, 220, 30, p.dark, 'rx="12"') +
      legs(legColor, [310, 490], 320, 688, 14, false) + legs(legColor, [360, 440], 330, 680, 10, false) + ellipse(400, 540, 100, 14, "none", `stroke="${legColor}" stroke-width="10"`);
  }
  let s = shadow(400, 140) + rect(300, 190, 200, 250, "url(#body)", `rx="20" ${outline(p)}`);
  if (tweak >= 2) for (let k = 0; k < 3; k++) s += rect(330 + k * 50, 220, 36, 180, p.dark, 'rx="8"');
  return s + rect(285, 430, 230, 60, p.base, `rx="16" ${outline(p)}`) + legs(legColor, [305, 495], 480, 688, 18, true) + legs(legColor, [335, 465], 490, 672, 12, true);
}

function bed(p: Palette, style: number, tweak: number): string {
  if (style === 1) {
    let s = ellipse(400, 640, 320, 22, "url(#shadow)") + path("M120 470 L680 470 L600 360 L200 360 Z", p.fabricLight, outline(p)) + rect(120, 470, 560, 150, "url(#body)", outline(p));
    for (let k = 1; k < 7; k++) s += line(120 + k * 80, 480, 120 + k * 80, 610, p.dark, 2);
    s += line(125, 500, 675, 500, p.dark, 3);
    for (let k = 0; k < 12; k++) s += circle(230 + (k % 6) * 68, 395 + Math.floor(k / 6) * 40, 4, p.dark);
    return s + (tweak % 2 ? rect(120, 585, 560, 10, "#8f969d") : "");
  }
  const frame = tweak % 2 ? p.wood : p.dark;
  let s = shadow(400, 300) + rect(170, 200, 460, 340, "url(#body)", `rx="${tweak >= 2 ? 80 : 24}" ${outline(p)}`);
  for (let k = 0; k < 10; k++) s += circle(230 + (k % 5) * 85, 270 + Math.floor(k / 5) * 80, 6, p.dark);
  s += rect(130, 470, 540, 120, "#f4f4f2", 'rx="16" stroke="#b8bcc2" stroke-width="3"') + rect(190, 430, 170, 70, "#ffffff", 'rx="30" stroke="#c8ccd0" stroke-width="3"');
  s += rect(440, 430, 170, 70, "#ffffff", 'rx="30" stroke="#c8ccd0" stroke-width="3"') + path("M130 520 L670 520 L670 590 L130 590 Z", "#9caf88", 'opacity="0.85"');
  return s + rect(120, 585, 560, 50, frame, 'rx="8"') + legs(frame, [140, 660], 630, 688, 20, false);
}

function table(p: Palette, style: number, tweak: number): string {
  const taper = tweak % 2 === 0;
  if (style === 1) {
    return shadow(400, 260) + rect(150, 500, 500, 40, "url(#body)", `rx="10" ${outline(p)}`) + legs(p.dark, [180, 620], 540, 688, 22, taper) +
      rect(180, 620, 440, 16, p.dark, 'rx="6"') + rect(250, 470, 120, 30, "#9caf88", 'rx="8"') + rect(440, 480, 60, 20, "#f2a900", 'rx="4"');
  }
  if (style === 2) {
    let s = shadow(400, 270) + rect(130, 380, 540, 36, "url(#body)", `rx="6" ${outline(p)}`) + rect(470, 416, 180, 272, "url(#body)", `rx="6" ${outline(p)}`);
    for (let k = 0; k < 3; k++) s += line(475, 500 + k * 90, 645, 500 + k * 90, p.stroke, 2) + rect(540, 450 + k * 90, 40, 10, "url(#metal)", 'rx="5"');
    return s + legs(p.dark, [160], 416, 688, 24, taper) + monitorMini(260, 240);
  }
  return shadow(400, 300) + rect(110, 400, 580, 44, "url(#body)", `rx="8" ${outline(p)}`) + rect(150, 444, 500, 30, p.dark) +
    legs(p.dark, [160, 640], 470, 688, 30, taper) + legs(p.dark, [230, 570], 470, 660, 22, taper);
}

/** A small laptop on the desk style, so a desk reads as a desk. */
function monitorMini(x: number, y: number): string {
  return rect(x, y, 170, 120, "#2b2f34", 'rx="6"') + picture(x + 8, y + 8, 154, 104, 1) + rect(x + 70, y + 120, 30, 20, "#2b2f34");
}

function storage(p: Palette, style: number, tweak: number): string {
  const knob = (cx: number, cy: number): string => (tweak % 2 ? circle(cx, cy, 8, "url(#metal)") : rect(cx - 22, cy - 4, 44, 8, "url(#metal)", 'rx="4"'));
  if (style === 3) {
    let s = shadow(400, 160) + rect(260, 100, 280, 590, "url(#body)", `rx="6" ${outline(p)}`);
    const books = ["#b3261e", "#1f3a5f", "#f2a900", "#1f6f50", "#efe6d2", "#7b4fa8"];
    for (let row = 0; row < 4; row++) {
      const y = 130 + row * 140;
      s += rect(278, y, 244, 110, p.darker) + rect(270, y + 110, 260, 12, p.base);
      for (let b = 0; b < 6 - (row % 2); b++) s += rect(290 + b * 34, y + 30 + ((b + row) % 3) * 8, 26, 80 - ((b + row) % 3) * 8, books[(b + row) % books.length]);
    }
    return s;
  }
  if (style === 2) {
    let s = shadow(400, 300) + rect(100, 500, 600, 170, "url(#body)", `rx="8" ${outline(p)}`);
    for (let k = 0; k < 3; k++) s += rect(120 + k * 190, 520, 180, 130, p.base, `rx="4" ${outline(p, 2)}`) + knob(210 + k * 190, 585);
    return s + legs(p.darker, [130, 670], 670, 688, 16, false) + monitorMini(300, 360);
  }
  const [x, w, y, rows, cols] = style === 1 ? [300, 200, 470, 2, 1] : [190, 420, 360, 3, 2];
  let s = shadow(400, w / 2 + 20) + rect(x - 10, y - 16, w + 20, 20, p.dark, 'rx="6"') + rect(x, y, w, 690 - y - 20, "url(#body)", `rx="6" ${outline(p)}`);
  const dh = (690 - y - 40) / rows;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const dx = x + 12 + (c * (w - 24)) / cols;
      const dw = (w - 24) / cols - (cols > 1 ? 8 : 0);
      s += rect(dx, y + 12 + r * dh, dw, dh - 12, p.base, `rx="4" ${outline(p, 2)}`) + knob(dx + dw / 2, y + 12 + r * dh + (dh - 12) / 2);
    }
  }
  return s + legs(p.darker, [x + 14, x + w - 14], 670, 690, 14, false);
}

// ------------------------------------------------------------------------------------------
// accessories and fallbacks
// ------------------------------------------------------------------------------------------

function accessory(p: Palette, style: number, tweak: number): string {
  if (style === 0) {
    return shadow(400, 90) + rect(340, 230, 120, 440, "url(#body)", `rx="28" ${outline(p)}`) + rect(350, 190, 100, 60, p.dark, `rx="12" ${outline(p, 2)}`) +
      rect(380, 160, 40, 40, p.metal, 'rx="8"') + rect(340, 380, 120, 110, "#2f6db3", 'opacity="0.85"') + path("M400 410 Q425 440 400 465 Q375 440 400 410 Z", "#ffffff");
  }
  if (style === 2) {
    let s = shadow(400, 160);
    for (let k = 0; k < 5; k++) s += ellipse(400, 470, 170 - k * 18, 120 - k * 14, "none", `stroke="${p.base}" stroke-width="16"`);
    return s + rect(540, 440, 90, 40, p.dark, 'rx="8"') + rect(620, 450, 30, 20, "url(#metal)") + rect(180, 560, 60, 30, p.dark, 'rx="6"');
  }
  if (style === 3) {
    return rect(300, 160, 200, 300, p.base, `rx="12" ${outline(p)}`) + circle(340, 200, 10, p.metal) + circle(460, 200, 10, p.metal) + circle(340, 420, 10, p.metal) + circle(460, 420, 10, p.metal) +
      path("M400 310 L560 350 L560 390 L400 350 Z", p.dark) + rect(540, 260, 60, 260, p.base, `rx="10" ${outline(p)}`) + ellipse(400, 640, 150, 12, "url(#shadow)");
  }
  return shadow(400, 220) + path("M190 360 L400 300 L610 360 L400 420 Z", p.light, outline(p)) + path("M190 360 L400 420 L400 660 L190 600 Z", p.base, outline(p)) +
    path("M400 420 L610 360 L610 600 L400 660 Z", p.dark, outline(p)) + path("M260 380 L470 320", "none", `stroke="#f2a900" stroke-width="18"`) +
    rect(230, 470, 120, 70, "#ffffff", `opacity="${tweak % 2 ? 0.9 : 0.7}" transform="skewY(16) translate(0 -70)"`);
}

function plan(p: Palette, _style: number, tweak: number): string {
  return ellipse(400, 680, 200, 14, "url(#shadow)") + path("M400 120 L620 200 L620 380 Q620 560 400 660 Q180 560 180 380 L180 200 Z", "url(#body)", outline(p, 5)) +
    path("M400 165 L580 230 L580 380 Q580 525 400 612 Q220 525 220 380 L220 230 Z", "none", `stroke="#ffffff" stroke-opacity="0.5" stroke-width="6"`) +
    path(tweak % 2 ? "M300 390 L375 465 L510 320" : "M310 400 L380 470 L500 330", "none", 'stroke="#ffffff" stroke-width="34" stroke-linecap="round" stroke-linejoin="round"');
}

function generic(p: Palette, _style: number, tweak: number): string {
  return shadow(400, 240) + path("M180 330 L400 260 L620 330 L400 400 Z", p.light, outline(p)) + path("M180 330 L400 400 L400 680 L180 610 Z", p.base, outline(p)) +
    path("M400 400 L620 330 L620 610 L400 680 Z", p.dark, outline(p)) + path("M290 295 L510 365 L510 420 L290 350 Z", "#e8dcc4", 'opacity="0.9"') +
    path(`M560 ${460 + tweak * 10} l60 -20 l0 60 l-60 20 Z`, "#ffffff", outline(p, 2));
}

type Drawer = (p: Palette, style: number, tweak: number) => string;

export const DRAWERS: Record<ImageKind, Drawer> = {
  refrigerator, freezer, range, hood, dishwasher, microwave,
  washer: (p, s, t) => washer(p, s, t),
  dryer: (p, _s, t) => washer(p, 0, t, true),
  tv, projector, monitor, laptop, tablet, desktop, speaker, soundbar, headphones, receiver,
  sofa, chair, bed, table, storage, accessory, plan, generic,
};
