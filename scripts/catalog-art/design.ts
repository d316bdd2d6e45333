// What one product's pictures show: its construction (the silhouette and its parts) and its colours and materials.

import type { Material, Paint } from './materials.js';

/** Closed shoes share one side-view machinery; open ones (sandals, mules) another. */
export type ClosedKind =
  | 'runner'
  | 'trail'
  | 'knit'
  | 'trainer'
  | 'court'
  | 'plimsoll'
  | 'terrace'
  | 'hightop'
  | 'oxford'
  | 'derby'
  | 'slipper';
export type OpenKind = 'mule' | 'sportSandal' | 'strappy' | 'slide' | 'floater' | 'fisherman' | 'flipflop';
export type Kind = ClosedKind | OpenKind;

export type SoleStyle =
  | 'midsole'
  | 'rocker'
  | 'cupsole'
  | 'platform'
  | 'vulc'
  | 'dress'
  | 'block'
  | 'commando'
  | 'slipper'
  | 'footbed'
  | 'lugged';

export interface Design {
  /** The product's `_id`: the files are `/images/<id>-<view>.svg`. */
  id: string;
  /** What the picture shows, for its <title>. */
  title: string;
  kind: Kind;
  sole: SoleStyle;
  upper: Paint;
  /** Overlays, toe caps, straps' second colour. */
  trim: Paint;
  /** Midsole / footbed / sole edge. */
  midsole: string;
  outsole: string;
  lace: string;
  accent: string;
  lining: string;
  /** Construction details, read by the views that draw them. */
  capToe?: boolean;
  brogue?: boolean; // wingtip with perforations and a medallion
  perforatedToe?: boolean;
  toeBumper?: boolean;
  heelClip?: boolean;
  padded?: boolean; // a thick padded collar
  reflective?: boolean;
  pullTab?: boolean;
  /** Silhouette adjustments, in fractions of the shoe's length. */
  heel?: number; // heel height (dress and block soles)
  stack?: number; // midsole / sole thickness at the heel
  slim?: number; // 0 … 1: a narrower, more pointed last
  collar?: number; // collar height override
  strapMaterial?: Material;
  buckle?: string;
  /** A few variants inside one kind: lace count, strap layout… */
  variant?: number;
}
