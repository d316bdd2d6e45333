import type sharpModule from 'sharp';

// sharp is loaded at the first image: an API or a BFF that is never asked for one starts without libvips (about
// 50 ms of CPU per start).

type Sharp = typeof sharpModule;

/** libvips' threads per encode, once `configureSharp` has said how many encodes run at once. */
let threadsPerEncode: number | undefined;
let loaded: Sharp | undefined;
let loading: Promise<Sharp> | undefined;

function applySettings(sharp: Sharp): void {
  if (threadsPerEncode !== undefined) sharp.concurrency(threadsPerEncode);
  sharp.cache(false);
}

/** sharp, with this process's settings applied. */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    applySettings(sharp);
    loaded = sharp;
    return sharp;
  });
  return loading;
}

/**
 * libvips' own settings for a server that runs `encodes` encodes at once: its threads shared between them, and no
 * operation cache (answers are cached on disk, and the cache would hold decoded photos in memory).
 */
export function configureSharp(cores: number, encodes: number): void {
  threadsPerEncode = Math.max(1, Math.floor(cores / encodes));
  if (loaded !== undefined) applySettings(loaded);
}
