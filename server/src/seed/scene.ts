import sharp from 'sharp';
import { lightness, mix } from './colour';
import { develop } from './film';
import { randomFor, type Random } from './seeded-random';

/*
 * Landscape-like photos drawn from a seed, for demo covers and posts, with nothing fetched or copied.
 * Approach: a sky gradient with a sun glow and soft clouds, then layered ridges (rolling hills or
 * jagged mountains) fading into haze with distance (aerial perspective); a lake mirrors what is
 * above its horizon (the rendered pixels flipped, darkened and blurred, with ripples); a night city
 * has lit windows and out-of-focus street lights in front. `develop` makes the film look.
 */

export type SceneKind = 'hills' | 'mountains' | 'lake' | 'city';

export interface SceneOptions {
  width: number;
  height: number;
  /** Colours at the horizon and at the top of the sky; one per seed when absent. */
  sky?: readonly [string, string];
  /** One per seed when absent; a dark sky is always a night city. */
  kind?: SceneKind;
}

/** Horizon and zenith colours of sunsets, dusks, days and nights. */
const skies = [
  ['#ffb36b', '#5b3a7a'],
  ['#f8a978', '#2b3a67'],
  ['#cfe6f5', '#3f86c4'],
  ['#ffd3b5', '#6f86c2'],
  ['#ffcf8a', '#d45d5d'],
  ['#bfe3d9', '#2f6f8f'],
  ['#3a2a5c', '#0b1026'],
] as const;

interface Frame {
  w: number;
  h: number;
  horizon: string;
  zenith: string;
}

/** A ridge line across the frame around `base`: sines for hills, added noise for mountains. */
function ridge(f: Frame, random: Random, base: number, height: number, jagged: boolean): string {
  const waves = Array.from({ length: 3 }, (_, i) => ({
    freq: random.between(1, 3) * (i + 1),
    phase: random.between(0, Math.PI * 2),
    amp: height / (i + 1.5),
  }));
  const steps = jagged ? 60 : 24;
  let drift = 0;
  const points = Array.from({ length: steps + 1 }, (_, i) => {
    const x = (i / steps) * f.w;
    drift = jagged ? drift * 0.6 + random.between(-1, 1) * height * 0.35 : 0;
    const y =
      base -
      waves.reduce((sum, w) => sum + Math.sin((x / f.w) * w.freq * Math.PI + w.phase) * w.amp, 0) +
      drift;
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  return `M0,${f.h} L${points.join(' L')} L${f.w},${f.h}Z`;
}

function sky(f: Frame, random: Random, horizonY: number, sun: boolean): string {
  const sunX = random.between(0.2, 0.8) * f.w;
  const sunY = horizonY - random.between(0.04, 0.2) * f.h;
  const glow = mix(f.horizon, '#fff8e0', 0.6);
  const clouds = Array.from({ length: random.between(3, 7) }, () => {
    const y = random.between(0.05, 0.55) * horizonY;
    return `<ellipse cx="${random.between(0, f.w)}" cy="${y}" rx="${random.between(0.12, 0.3) * f.w}" ry="${random.between(0.015, 0.04) * f.h}"
      fill="url(#cloud)" opacity="${random.between(0.3, 0.7).toFixed(2)}"/>`;
  }).join('');
  return `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="${horizonY}" gradientUnits="userSpaceOnUse">
        <stop offset="0" stop-color="${f.zenith}"/><stop offset="0.7" stop-color="${mix(f.zenith, f.horizon, 0.7)}"/>
        <stop offset="1" stop-color="${f.horizon}"/></linearGradient>
      <radialGradient id="glow" cx="${sunX}" cy="${sunY}" r="${f.w * 0.45}" gradientUnits="userSpaceOnUse">
        <stop offset="0" stop-color="${glow}" stop-opacity="0.8"/><stop offset="0.4" stop-color="${glow}" stop-opacity="0.3"/>
        <stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
      <radialGradient id="cloud"><stop offset="0" stop-color="${mix(f.horizon, '#ffffff', 0.4)}"/>
        <stop offset="1" stop-color="${mix(f.horizon, '#ffffff', 0.4)}" stop-opacity="0"/></radialGradient>
      <radialGradient id="sun"><stop offset="0" stop-color="#fffdf2"/><stop offset="0.6" stop-color="#fff4d0"/>
        <stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${f.w}" height="${f.h}" fill="url(#sky)"/>
    ${sun ? `<rect width="${f.w}" height="${f.h}" fill="url(#glow)"/><circle cx="${sunX}" cy="${sunY}" r="${f.h * 0.07}" fill="url(#sun)"/>` : ''}
    ${clouds}`;
}

/** Ridges from far (hazy, near the sky's colour) to near (dark). */
function ridges(f: Frame, random: Random, from: number, to: number, jagged: boolean): string {
  const layers = jagged ? 4 : 5;
  const haze = mix(f.horizon, f.zenith, 0.35);
  const near = mix(mix(f.zenith, '#1d2a1c', 0.5), '#000000', 0.55);
  return Array.from({ length: layers }, (_, i) => {
    const t = i / (layers - 1);
    const base = from + (to - from) * t;
    const height = (jagged ? 0.16 : 0.06) * f.h * (1 - t * 0.5);
    return `<path d="${ridge(f, random, base, height, jagged)}" fill="${mix(haze, near, Math.pow(t, 0.8))}"/>`;
  }).join('');
}

function city(f: Frame, random: Random, skyline: number): string {
  const lights = ['#ffd28a', '#ffe7b0', '#fff3d6', '#9fd3ff'];
  const u = f.h / 450;
  const layer = (base: number, dark: string, windows: boolean) => {
    let x = -random.between(0, 40);
    const parts: string[] = [];
    while (x < f.w) {
      const bw = random.between(0.05, 0.12) * f.w;
      const top = base - random.between(0.05, 0.35) * f.h;
      parts.push(`<rect x="${x}" y="${top}" width="${bw + 1}" height="${f.h - top}" fill="${dark}"/>`);
      if (windows)
        for (let wy = top + 5 * u; wy < f.h - 4 * u; wy += 8 * u)
          for (let wx = x + 3 * u; wx < x + bw - 4 * u; wx += 6.5 * u)
            if (random.chance(0.28))
              parts.push(
                `<rect x="${wx}" y="${wy}" width="${3 * u}" height="${4 * u}" fill="${random.pick(lights)}" opacity="${random.between(0.5, 1).toFixed(2)}"/>`,
              );
      x += bw + random.between(0, 5 * u);
    }
    return parts.join('');
  };
  return `<defs><radialGradient id="haze" cx="0.5" cy="1" r="0.8">
      <stop offset="0" stop-color="#ff9a5a" stop-opacity="0.45"/><stop offset="1" stop-color="#ff9a5a" stop-opacity="0"/></radialGradient></defs>
    <rect width="${f.w}" height="${f.h}" fill="url(#haze)"/>
    ${layer(skyline - 0.08 * f.h, mix(f.zenith, '#2a2f45', 0.5), false)}
    ${layer(skyline, mix(f.zenith, '#05060c', 0.7), true)}`;
}

/** Street lights and cars out of focus in front of the lens. */
function bokeh(f: Frame, random: Random): string {
  const colours = ['#ffb347', '#ff6b6b', '#ffe29a', '#8fd3ff', '#ffffff'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${f.w}" height="${f.h}">
    ${Array.from({ length: random.between(14, 24) }, () => {
      const r = random.between(0.02, 0.07) * f.h;
      return `<circle cx="${random.between(0, f.w)}" cy="${random.between(0.55, 1) * f.h}" r="${r}"
        fill="${random.pick(colours)}" opacity="${random.between(0.25, 0.6).toFixed(2)}"/>`;
    }).join('')}</svg>`;
}

/** Soft highlights and shadows across water. */
function ripples(f: Frame, random: Random, top: number, light: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${f.w}" height="${f.h}">
    ${Array.from({ length: 70 }, () => {
      const y = random.between(top + 2, f.h);
      const depth = (y - top) / (f.h - top);
      return `<rect x="${random.between(-0.1, 1) * f.w}" y="${y}" width="${random.between(0.05, 0.3) * f.w}" height="${(0.5 + depth * 1.5) * (f.h / 450)}"
        fill="${random.chance(0.5) ? light : '#000000'}" opacity="${random.between(0.08, 0.25).toFixed(2)}"/>`;
    }).join('')}</svg>`;
}

/** The scene for `seed` as a developed sharp pipeline, ready to encode; the same pixels for the same seed. */
export async function scene(seed: string, opts: SceneOptions): Promise<sharp.Sharp> {
  const random = randomFor(`scene:${seed}`);
  const [dayHorizon, dayZenith] = opts.sky ?? random.pick(skies);
  const night = lightness(dayHorizon) < 0.3 && lightness(dayZenith) < 0.3;
  const kind = night ? 'city' : (opts.kind ?? random.pick(['hills', 'mountains', 'lake', 'hills'] as const));
  // A city is seen at night: a day sky asked for one turns to dusk.
  const dusk = kind === 'city' && !night;
  const horizon = dusk ? mix(dayHorizon, '#1a1530', 0.6) : dayHorizon;
  const zenith = dusk ? mix(dayZenith, '#05060c', 0.8) : dayZenith;
  // Drawn at half size and enlarged: a quarter of the drawing work, and the lens blurs it anyway.
  const f: Frame = { w: Math.round(opts.width / 2), h: Math.round(opts.height / 2), horizon, zenith };
  const horizonY = f.h * (kind === 'lake' ? random.between(0.5, 0.58) : random.between(0.55, 0.7));
  const svg = (body: string) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${f.w}" height="${f.h}">${body}</svg>`);
  const raw = { raw: { width: f.w, height: f.h, channels: 4 as const } };

  let flat: Buffer;
  if (kind === 'city') {
    const skyline = f.h * random.between(0.78, 0.9);
    const town = await sharp(svg(`${sky(f, random, skyline, false)}${city(f, random, skyline)}`))
      .blur(0.7)
      .ensureAlpha()
      .raw()
      .toBuffer();
    const lights = await sharp(Buffer.from(bokeh(f, random)))
      .blur(f.h * 0.012)
      .png()
      .toBuffer();
    flat = await sharp(town, raw)
      .composite([{ input: lights, blend: 'screen' }])
      .raw()
      .toBuffer();
  } else if (kind === 'lake') {
    const far = ridges(f, random, horizonY - f.h * 0.06, horizonY - f.h * 0.01, random.chance(0.5));
    const above = await sharp(svg(`${sky(f, random, horizonY, true)}${far}`))
      .ensureAlpha()
      .raw()
      .toBuffer();
    const depth = Math.round(f.h - horizonY);
    const top = Math.round(horizonY) - depth;
    const mirrored = await sharp(above, raw)
      .extract({ left: 0, top, width: f.w, height: depth })
      .flip()
      .blur(1.2)
      .modulate({ brightness: 0.78 })
      .png()
      .toBuffer();
    flat = await sharp(above, raw)
      .composite([
        { input: mirrored, left: 0, top: Math.round(horizonY) },
        { input: Buffer.from(ripples(f, random, horizonY, mix(horizon, '#ffffff', 0.6))) },
      ])
      .raw()
      .toBuffer();
  } else {
    const jagged = kind === 'mountains';
    const body = `${sky(f, random, horizonY, true)}${ridges(f, random, horizonY - f.h * (jagged ? 0.12 : 0.05), f.h * 0.92, jagged)}`;
    flat = await sharp(svg(body)).ensureAlpha().raw().toBuffer();
  }
  // Developed at half size (its grain the size a phone's shows) and enlarged linearly, which softens
  // like a lens already: no blur on top.
  const developed = await (await develop(flat, f.w, f.h, 0)).raw().toBuffer();
  return sharp(developed, raw).resize(opts.width, opts.height, { kernel: 'linear' });
}
