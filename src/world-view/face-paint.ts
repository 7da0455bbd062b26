/**
 * Textured faces for the isometric drawing: a pixel on a face is mapped back to the face's block-local
 * coordinates (the projection is affine, so this is exact) and takes that texel, shaded like the face.
 * Transparent texels leave the pixel alone, so plants, panes and door windows show what is behind them.
 */
import type { Paint, Rgb } from './raster.js';
import type { Texture } from './textures.js';

export type FaceKind = 'top' | 'south' | 'east';

/**
 * `ox`, `oy`: where the block's min corner, moved into the face's plane (y for top, z for south, x for
 * east), projects; `a`: the isometric scale. Texels are laid as vanilla's FaceBakery.defaultFaceUV lays
 * them: u along x on top and south faces, along −z on east faces; v down the block.
 */
export function texturedFace(
  texture: Texture,
  kind: FaceKind,
  shadeBy: number,
  a: number,
  ox: number,
  oy: number,
): Paint {
  const texels = shadedTexels(texture, shadeBy);
  const texel = (u: number, v: number): Rgb | null => {
    const tu = Math.min(15, Math.max(0, Math.floor(u * 16)));
    const tv = Math.min(15, Math.max(0, Math.floor(v * 16)));
    return texels[tv * 16 + tu]!;
  };
  // screen = origin + x·(a, a/2) + z·(−a, a/2) − y·(0, a), inverted per face
  if (kind === 'top') {
    return (px, py) => {
      const sx = (px + 0.5 - ox) / a;
      const sy = (2 * (py + 0.5 - oy)) / a;
      return texel((sx + sy) / 2, (sy - sx) / 2);
    };
  }
  if (kind === 'south') {
    return (px, py) => {
      const x = (px + 0.5 - ox) / a;
      const y = x / 2 - (py + 0.5 - oy) / a;
      return texel(x, 1 - y);
    };
  }
  return (px, py) => {
    const z = -(px + 0.5 - ox) / a;
    const y = z / 2 - (py + 0.5 - oy) / a;
    return texel(1 - z, 1 - y);
  };
}

const shadedCache = new WeakMap<Texture, Map<number, ReadonlyArray<Rgb | null>>>();

/** The 256 texels shaded by `factor` (null where transparent), made once per texture and factor. */
function shadedTexels(texture: Texture, factor: number): ReadonlyArray<Rgb | null> {
  let byFactor = shadedCache.get(texture);
  if (!byFactor) shadedCache.set(texture, (byFactor = new Map()));
  let texels = byFactor.get(factor);
  if (!texels) {
    const d = texture.data;
    const out: Array<Rgb | null> = [];
    for (let i = 0; i < 256; i++) {
      const o = i * 4;
      out.push(
        d[o + 3]! < 128
          ? null
          : [
              Math.min(255, Math.round(d[o]! * factor)),
              Math.min(255, Math.round(d[o + 1]! * factor)),
              Math.min(255, Math.round(d[o + 2]! * factor)),
            ],
      );
    }
    byFactor.set(factor, (texels = out));
  }
  return texels;
}
