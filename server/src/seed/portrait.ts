import sharp from 'sharp';
import { mix } from './colour';
import { develop } from './film';
import { randomFor, type Random } from './seeded-random';

/*
 * A head-and-shoulders portrait drawn from a username, so demo creators look like people in photos
 * without any photo being fetched or copied. Approach: a background of gradient and bokeh lights
 * rendered apart and blurred hard (a shallow depth of field), a figure of simple SVG shapes shaded
 * with radial gradients (skin, hair, clothes from varied palettes, one light side), then `develop`
 * softens it and adds a vignette and film grain. Small details (eyes, lips) stay subtle: at 40-96 px
 * they read as a face, not a cartoon.
 */

const SIZE = 512;

const skins = [
  ['#f6dccb', '#d8a98e'],
  ['#efc7a6', '#c99676'],
  ['#e2b08a', '#b98059'],
  ['#c98d66', '#9c6443'],
  ['#a96f4b', '#7a4a2e'],
  ['#8a5535', '#5c3520'],
  ['#6a3e26', '#432414'],
  ['#f1cdb0', '#cf9c7d'],
] as const;
const hairs = [
  '#16110f',
  '#2e1d14',
  '#4a2f1e',
  '#6b4428',
  '#9a6530',
  '#c79a5c',
  '#dcc08a',
  '#8a3019',
  '#a9a39c',
];
const eyes = ['#3b2516', '#4e3420', '#2d4a63', '#4a5a36', '#6b4a2a'];
const clothes = [
  '#2f3e5c',
  '#7a2e3a',
  '#e6e0d4',
  '#3f6b5a',
  '#c9a227',
  '#1f1f24',
  '#8aa4c8',
  '#b5654a',
  '#6b5b95',
  '#d9d4cc',
];
/** Places to stand: two background colours and the colour of the lights behind. */
const settings = [
  ['#5b3f31', '#d6a574', '#ffd9a0'],
  ['#34513a', '#a9c48a', '#f6f8d2'],
  ['#27324d', '#8a6f9e', '#ffc27a'],
  ['#555a62', '#c8ccd2', '#ffffff'],
  ['#6fa6cc', '#f0d6b4', '#fff4e0'],
  ['#1c1236', '#5b2a6e', '#ff86dc'],
  ['#3e4a3a', '#c2b48e', '#fff1c2'],
  ['#2c3e50', '#4ca1af', '#d8fbff'],
] as const;
const styles = ['short', 'long', 'bob', 'bun', 'curly', 'buzz', 'side'] as const;
export type Gender = 'male' | 'female' | 'trans';
interface Look {
  styles: readonly (typeof styles)[number][];
  /** How often a beard is drawn. */
  beard: number;
  /** Red of the lips and cheeks, 0 to 1. */
  colour: number;
}
/** How a person of each gender is drawn; someone of no stated gender is drawn with any look. */
const looks: Record<Gender, Look> = {
  male: { styles: ['short', 'buzz', 'curly', 'short'], beard: 0.45, colour: 0.35 },
  female: { styles, beard: 0, colour: 1 },
  trans: { styles, beard: 0.15, colour: 0.9 },
};

interface Face {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

function background(random: Random, [from, to, light]: (typeof settings)[number]): string {
  const lights = Array.from({ length: random.between(9, 16) }, () => {
    const r = random.between(14, 60);
    return `<circle cx="${random.between(0, SIZE)}" cy="${random.between(0, SIZE * 0.75)}" r="${r}"
      fill="url(#bokeh)" opacity="${random.between(0.25, 0.7).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
    <defs>
      <linearGradient id="bg" x1="${random.between(0, 1).toFixed(2)}" y1="0" x2="${random.between(0, 1).toFixed(2)}" y2="1">
        <stop offset="0" stop-color="${to}"/><stop offset="1" stop-color="${from}"/></linearGradient>
      <radialGradient id="bokeh"><stop offset="0" stop-color="${light}"/>
        <stop offset="0.8" stop-color="${light}" stop-opacity="0.7"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>
      <radialGradient id="glow" cx="${random.between(0.2, 0.8).toFixed(2)}" cy="0.3" r="0.6">
        <stop offset="0" stop-color="${light}" stop-opacity="0.45"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/><rect width="${SIZE}" height="${SIZE}" fill="url(#glow)"/>
    ${lights}
  </svg>`;
}

/** Hair behind the head and over it: path data, the front's paths apart from each other by `|`. */
function hair(style: (typeof styles)[number], f: Face, random: Random): { back: string; front: string } {
  const { cx, cy, rx, ry } = f;
  const top = cy - ry;
  // A cubic's peak is 3/4 of the way to its control points: these put the crown `lift` above the head.
  const cap = (lift: number, fringe: number, crown = cy + 4 + (top - lift - cy - 4) / 0.75) =>
    `M${cx - rx - 6},${cy + 4} C${cx - rx - 14},${crown} ${cx + rx + 14},${crown} ${cx + rx + 6},${cy + 4}
     C${cx + rx - 4},${cy - ry * 0.4} ${cx + rx * 0.2},${top + fringe} ${cx - rx * 0.1},${top + fringe * 0.8}
     C${cx - rx * 0.6},${top + fringe} ${cx - rx + 2},${cy - ry * 0.3} ${cx - rx - 6},${cy + 4}Z`;
  const fall = (length: number, spread: number) =>
    `M${cx - rx - 8},${cy - ry * 0.2} C${cx - rx - spread},${cy + length * 0.4} ${cx - rx - spread},${cy + length}
     ${cx - rx + 10},${cy + length} L${cx + rx - 10},${cy + length} C${cx + rx + spread},${cy + length}
     ${cx + rx + spread},${cy + length * 0.4} ${cx + rx + 8},${cy - ry * 0.2}Z`;
  switch (style) {
    case 'short':
      return { back: '', front: cap(random.between(26, 40), random.between(26, 42)) };
    case 'long':
      return {
        back: fall(random.between(190, 250), random.between(30, 46)),
        front: cap(30, random.between(18, 30)),
      };
    case 'bob':
      return { back: fall(random.between(70, 100), 30), front: cap(32, random.between(34, 50)) };
    case 'bun':
      return {
        back: `M${cx + rx * 0.1},${top - 18} m-40,0 a40,36 0 1,0 80,0 a40,36 0 1,0 -80,0`,
        front: cap(22, 16),
      };
    case 'curly': {
      const curls = Array.from({ length: 22 }, (_, i) => {
        const a = Math.PI * (0.95 + (i / 21) * 1.1);
        const r = random.between(24, 36);
        return `M${cx + Math.cos(a) * (rx + 8)},${cy - 10 + Math.sin(a) * (ry + 10)} m-${r},0 a${r},${r} 0 1,0 ${r * 2},0 a${r},${r} 0 1,0 -${r * 2},0`;
      }).join(' ');
      return { back: curls, front: cap(34, 30) };
    }
    case 'buzz':
      return { back: '', front: cap(10, 14) };
    case 'side':
      return {
        back: fall(random.between(120, 200), 36),
        // The side sweep is a path of its own: as a second subpath its winding would cut a hole.
        front: `${cap(34, 22)}|M${cx - rx - 4},${cy} C${cx - rx * 0.5},${top - 40} ${cx + rx * 0.4},${top} ${cx + rx * 0.9},${cy - ry * 0.1}
          C${cx + rx * 0.2},${top + 40} ${cx - rx * 0.4},${top + 30} ${cx - rx - 4},${cy}Z`,
      };
  }
}

/** Lighter and darker strands over the hair, falling from the crown (`hanging`: down the back). */
function strands(random: Random, { cx, cy, rx, ry }: Face, colour: string, hanging: boolean): string {
  return Array.from({ length: 16 }, () => {
    const stroke = `stroke="${mix(colour, random.chance(0.5) ? '#ffffff' : '#000000', 0.3)}" opacity="${random.between(0.2, 0.45).toFixed(2)}"`;
    if (hanging) {
      const x = cx + random.between(-rx - 40, rx + 40);
      return `<path d="M${x},${cy - ry * 0.3} Q${x + random.between(-20, 20)},${cy + 100} ${x + random.between(-30, 30)},${cy + 300}" ${stroke}/>`;
    }
    const side = random.chance(0.5) ? 1 : -1;
    const start = cx + random.between(-rx * 0.3, rx * 0.3);
    return `<path d="M${start},${cy - ry - 40} Q${cx + side * rx * random.between(0.5, 1)},${cy - ry + random.between(-10, 30)}
      ${cx + side * (rx + 10)},${cy + random.between(-30, 50)}" ${stroke}/>`;
  }).join('');
}

function figure(random: Random, lightLeft: boolean, gender: Gender | null): string {
  const look = gender ? looks[gender] : { styles, beard: 0.2, colour: 0.8 };
  const [skin, shade] = random.pick(skins);
  const hairColour = random.pick(hairs);
  const cloth = random.pick(clothes);
  const style = random.pick(look.styles);
  const f: Face = {
    cx: SIZE / 2 + random.between(-14, 14),
    cy: 250 + random.between(-10, 12),
    rx: random.between(74, 86),
    ry: random.between(98, 110),
  };
  const { cx, cy, rx, ry } = f;
  const tilt = random.between(-6, 6).toFixed(1);
  const zoom = random.between(1.15, 1.3).toFixed(2);
  const shoulders = cy + ry + random.between(28, 44);
  const spread = random.between(190, 230);
  const { back, front } = hair(style, f, random);
  const lips = mix(shade, '#b4485a', 0.45 * look.colour);
  const iris = random.pick(eyes);
  const eyeY = cy + 4;
  const eyeDx = rx * 0.4;
  const eye = (x: number) => `
    <ellipse cx="${x}" cy="${eyeY}" rx="12" ry="6" fill="${mix(skin, '#f4eee8', 0.6)}"/>
    <circle cx="${x}" cy="${eyeY}" r="5.5" fill="${iris}"/><circle cx="${x}" cy="${eyeY}" r="2.4" fill="#120c0a"/>
    <circle cx="${x + 2}" cy="${eyeY - 2}" r="1.3" fill="#fff" opacity="0.8"/>
    <path d="M${x - 15},${eyeY - 1} Q${x},${eyeY - 12} ${x + 15},${eyeY - 1}" stroke="${mix(shade, '#1a100c', 0.6)}" stroke-width="3" fill="none"/>
    <path d="M${x - 17},${eyeY - 22} Q${x},${eyeY - 30} ${x + 17},${eyeY - 21}" stroke="${mix(hairColour, shade, 0.25)}" stroke-width="5.5" stroke-linecap="round" fill="none"/>`;
  const neckline = random.chance(0.5)
    ? `M${cx - 46},${shoulders - 16} Q${cx},${shoulders + 50} ${cx + 46},${shoulders - 16}Z`
    : `M${cx - 40},${shoulders - 16} L${cx},${shoulders + 64} L${cx + 40},${shoulders - 16}Z`;
  const glasses = random.chance(0.15)
    ? `<g fill="#ffffff18" stroke="#1d1a1a" stroke-width="4">
        <rect x="${cx - eyeDx - 24}" y="${eyeY - 18}" width="48" height="34" rx="12"/>
        <rect x="${cx + eyeDx - 24}" y="${eyeY - 18}" width="48" height="34" rx="12"/>
        <path d="M${cx - eyeDx + 24},${eyeY - 4} Q${cx},${eyeY - 12} ${cx + eyeDx - 24},${eyeY - 4}" fill="none"/></g>`
    : '';
  const beard =
    (style === 'short' || style === 'buzz' || style === 'curly') && random.chance(look.beard)
      ? `<clipPath id="jaw"><ellipse cx="${cx}" cy="${cy + 6}" rx="${rx + 2}" ry="${ry + 4}"/></clipPath>
        <path clip-path="url(#jaw)" fill="${hairColour}" opacity="0.75" d="M${cx - rx - 4},${cy + 28}
          C${cx - rx * 0.5},${cy + 46} ${cx - 30},${cy + 50} ${cx},${cy + 50} C${cx + 30},${cy + 50} ${cx + rx * 0.5},${cy + 46}
          ${cx + rx + 4},${cy + 28} L${cx + rx + 4},${cy + ry + 20} L${cx - rx - 4},${cy + ry + 20}Z"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
    <defs>
      <radialGradient id="face" cx="${lightLeft ? 0.38 : 0.62}" cy="0.38" r="0.7">
        <stop offset="0" stop-color="${mix(skin, '#ffffff', 0.18)}"/><stop offset="0.55" stop-color="${skin}"/>
        <stop offset="1" stop-color="${shade}"/></radialGradient>
      <linearGradient id="neck" x1="0" y1="${cy + ry * 0.5}" x2="0" y2="${shoulders + 60}" gradientUnits="userSpaceOnUse">
        <stop offset="0" stop-color="${mix(shade, '#000000', 0.2)}"/><stop offset="0.6" stop-color="${shade}"/>
        <stop offset="1" stop-color="${skin}"/></linearGradient>
      <linearGradient id="cloth" x1="${lightLeft ? 0 : 1}" y1="0" x2="${lightLeft ? 1 : 0}" y2="1">
        <stop offset="0" stop-color="${mix(cloth, '#ffffff', 0.15)}"/><stop offset="1" stop-color="${mix(cloth, '#000000', 0.45)}"/></linearGradient>
      <linearGradient id="hair" x1="${lightLeft ? 0 : 1}" y1="0" x2="${lightLeft ? 1 : 0}" y2="1">
        <stop offset="0" stop-color="${mix(hairColour, '#ffffff', 0.22)}"/><stop offset="0.5" stop-color="${hairColour}"/>
        <stop offset="1" stop-color="${mix(hairColour, '#000000', 0.4)}"/></linearGradient>
      <clipPath id="front">${front
        .split('|')
        .map((d) => `<path d="${d}"/>`)
        .join('')}</clipPath>
      <clipPath id="back"><path d="${back}"/></clipPath>
      <radialGradient id="chin"><stop offset="0" stop-color="#000" stop-opacity="0.3"/>
        <stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
      <radialGradient id="cheek"><stop offset="0" stop-color="#d9626a" stop-opacity="${0.22 * look.colour}"/>
        <stop offset="1" stop-color="#d9626a" stop-opacity="0"/></radialGradient>
    </defs>
    <g transform="translate(${SIZE / 2} ${SIZE}) scale(${zoom}) translate(${-SIZE / 2} ${-SIZE})">
    <path d="${back}" fill="url(#hair)"/>
    <g clip-path="url(#back)" fill="none" stroke-width="2.5">${strands(random, f, hairColour, true)}</g>
    <rect x="${cx - 38}" y="${cy + ry * 0.5}" width="76" height="${shoulders - cy - ry * 0.5 + 30}" fill="url(#neck)"/>
    <path d="M${cx - spread},${SIZE + 10} C${cx - spread - 6},${shoulders + 70} ${cx - spread * 0.8},${shoulders + 30} ${cx - spread * 0.45},${shoulders + 14}
      C${cx - 80},${shoulders + 4} ${cx - 52},${shoulders - 6} ${cx - 40},${shoulders - 14}
      L${cx + 40},${shoulders - 14} C${cx + 52},${shoulders - 6} ${cx + 80},${shoulders + 4} ${cx + spread * 0.45},${shoulders + 14}
      C${cx + spread * 0.8},${shoulders + 30} ${cx + spread + 6},${shoulders + 70} ${cx + spread},${SIZE + 10}Z" fill="url(#cloth)"/>
    <path d="${neckline}" fill="url(#neck)"/>
    <ellipse cx="${cx}" cy="${cy + ry * 0.95}" rx="${rx * 0.75}" ry="34" fill="url(#chin)"/>
    <g transform="rotate(${tilt} ${cx} ${cy})">
      <ellipse cx="${cx - rx + 2}" cy="${cy + 12}" rx="14" ry="24" fill="${shade}"/>
      <ellipse cx="${cx + rx - 2}" cy="${cy + 12}" rx="14" ry="24" fill="${shade}"/>
      <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#face)"/>
      <circle cx="${cx - rx * 0.5}" cy="${cy + 34}" r="26" fill="url(#cheek)"/>
      <circle cx="${cx + rx * 0.5}" cy="${cy + 34}" r="26" fill="url(#cheek)"/>
      ${eye(cx - eyeDx)}${eye(cx + eyeDx)}
      <path d="M${cx + (lightLeft ? 4 : -4)},${eyeY + 6} Q${cx + (lightLeft ? 10 : -10)},${cy + 36} ${cx},${cy + 42}"
        stroke="${shade}" stroke-width="3.5" fill="none" opacity="0.55"/>
      <ellipse cx="${cx}" cy="${cy + 43}" rx="15" ry="5" fill="${shade}" opacity="0.55"/>
      ${beard}
      <path d="M${cx - 24},${cy + 62} Q${cx},${cy + 56} ${cx + 24},${cy + 62} Q${cx},${cy + 78} ${cx - 24},${cy + 62}Z" fill="${lips}"/>
      <path d="M${cx - 24},${cy + 62} Q${cx},${cy + 66} ${cx + 24},${cy + 62}" stroke="${mix(lips, '#000000', 0.4)}" stroke-width="2" fill="none"/>
      ${glasses}
      ${front
        .split('|')
        .map((d) => `<path d="${d}" fill="url(#hair)"/>`)
        .join('')}
      <g clip-path="url(#front)" fill="none" stroke-width="2">${strands(random, f, hairColour, false)}</g>
    </g></g>
  </svg>`;
}

/**
 * A key light from one side over the whole picture, as a window would give, and on the other side
 * a faint rim of the background's own light, which ties the figure into its place.
 */
function light(left: boolean, ambient: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
    <defs><linearGradient id="l" x1="${left ? 0 : 1}" y1="0" x2="${left ? 1 : 0}" y2="0.4">
      <stop offset="0" stop-color="#fff6e8" stop-opacity="0.16"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/>
      <stop offset="0.85" stop-color="#000" stop-opacity="0.2"/><stop offset="1" stop-color="${ambient}" stop-opacity="0.22"/>
    </linearGradient></defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#l)"/></svg>`;
}

/** Pixels a side as stored: twice the largest avatar shown (96 px and its border) for sharp screens. */
const STORED = 256;

/** The portrait for `name`, someone of `gender` when given: 256 x 256 WebP, the same bytes for the same name. */
export async function portrait(name: string, gender: Gender | null = null): Promise<Buffer> {
  const random = randomFor(`portrait:${name}`);
  const setting = random.pick(settings);
  const lightLeft = random.chance(0.5);
  const back = background(random, setting);
  const person = figure(random, lightLeft, gender);
  const lighting = light(lightLeft, setting[2]);
  const blurred = await sharp(Buffer.from(back)).blur(14).png().toBuffer();
  const flat = await sharp(blurred)
    .composite([{ input: Buffer.from(person) }, { input: Buffer.from(lighting) }])
    .ensureAlpha()
    .raw()
    .toBuffer();
  const photo = await develop(flat, SIZE, SIZE, 1.6);
  // Drawn large and stored at half size: the grain averages into texture and the file is about 10 KB
  // (about 70 KB at full size, six of them on every Discover page).
  const stored = await photo.png().toBuffer();
  return sharp(stored).resize(STORED).webp({ quality: 80, effort: 4 }).toBuffer();
}
