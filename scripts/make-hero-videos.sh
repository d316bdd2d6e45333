#!/usr/bin/env bash
# Renders the four hero loops (web/public/videos/hero-N.{webm,mp4} + hero-N-poster.webp) from the store's own
# product artwork. A dev script: the outputs are committed, so neither `npm start` nor CI ever runs it.
#
# Each loop shows one shoe: side view → detail → top view → back to the side view, with a slow push-in on
# every view. The last cross-fade lands on the very first frame, so the loop has no visible seam.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ART="$ROOT/api/public/images"
OUT="$ROOT/web/public/videos"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# Installing system packages is only ever done here, when a developer runs the script on purpose.
if ! command -v ffmpeg >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg
  else
    echo "ffmpeg is missing: install it (Debian: sudo apt-get install -y ffmpeg) and run this again." >&2
    exit 1
  fi
fi

W=1280 H=720 FPS=25
SRC=2400            # SVGs are rasterised large so the push-in never upscales
CROP_H=1350         # 16:9 band of the square artwork…
CROP_Y=645          # …centred slightly below the middle, where the shoes sit
HOLD=1.4            # seconds each view is shown on its own (a loop is 3 × (HOLD + FADE) = 6 s)
FADE=0.6            # seconds of each cross-fade

# hero number → artwork colourway (one per product type family, light to dark backgrounds)
SHOES=(sneakers-chalk sports-shoes-navy leather-shoes-cognac sandals-tan)

ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

mkdir -p "$OUT"
for i in 1 2 3 4; do
  shoe="${SHOES[$((i - 1))]}"
  for view in side detail top; do
    ff -width "$SRC" -height "$SRC" -i "$ART/$shoe-$view.svg" \
      -vf "crop=$SRC:$CROP_H:0:$CROP_Y,format=rgb24" "$WORK/$view.png"
  done

  # Clips overlap by FADE: the first has one fade, the middle two have two, and the closing clip is the side
  # view's first frame again, shown only for the final cross-fade (total = 3 × (HOLD + FADE)).
  first=$(awk "BEGIN { print $HOLD + $FADE }")
  middle=$(awk "BEGIN { print $HOLD + 2 * $FADE }")
  zoom_frames=$(awk "BEGIN { printf \"%d\", $middle * $FPS }")
  zoom="zoompan=z='1+0.05*on/$zoom_frames':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=${W}x$H:fps=$FPS"
  off1=$HOLD
  off2=$(awk "BEGIN { print 2 * $HOLD + $FADE }")
  off3=$(awk "BEGIN { print 3 * $HOLD + 2 * $FADE }")
  total=$(awk "BEGIN { print 3 * $HOLD + 3 * $FADE }")

  ff -loop 1 -framerate $FPS -t "$first" -i "$WORK/side.png" \
    -loop 1 -framerate $FPS -t "$middle" -i "$WORK/detail.png" \
    -loop 1 -framerate $FPS -t "$middle" -i "$WORK/top.png" \
    -loop 1 -framerate $FPS -t "$FADE" -i "$WORK/side.png" \
    -filter_complex "
      [0]$zoom,setsar=1[a];
      [1]$zoom,setsar=1[b];
      [2]$zoom,setsar=1[c];
      [3]scale=${W}:$H,fps=$FPS,setsar=1[d];
      [a][b]xfade=transition=fade:duration=$FADE:offset=$off1[ab];
      [ab][c]xfade=transition=fade:duration=$FADE:offset=$off2[abc];
      [abc][d]xfade=transition=fade:duration=$FADE:offset=$off3,format=yuv420p[v]" \
    -map '[v]' -t "$total" -c:v ffv1 "$WORK/master.mkv"

  ff -i "$WORK/master.mkv" -an -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -deadline good -cpu-used 2 \
    -pix_fmt yuv420p "$OUT/hero-$i.webm"
  ff -i "$WORK/master.mkv" -an -c:v libx264 -preset slow -crf 27 -profile:v high -pix_fmt yuv420p \
    -movflags +faststart "$OUT/hero-$i.mp4"
  # The poster is the loop's first frame, so swapping poster → video shows no jump.
  ff -i "$WORK/side.png" -vf "scale=${W}:$H" -frames:v 1 -c:v libwebp -quality 72 "$OUT/hero-$i-poster.webp"
  # The hero's small "next video" button shows the poster at most 16rem wide: a thumbnail a fraction of its bytes.
  ff -i "$OUT/hero-$i-poster.webp" -vf "scale=480:-2" -frames:v 1 -c:v libwebp -quality 70 "$OUT/hero-$i-thumb.webp"
done

# Spec: each loop stays under 1 MB (they are all fetched on the home page's first visit).
for file in "$OUT"/hero-*.webm "$OUT"/hero-*.mp4; do
  size=$(stat -c %s "$file")
  if [ "$size" -ge 1048576 ]; then
    echo "$file is $size bytes: over the 1 MB budget; raise -crf or shorten the loop." >&2
    exit 1
  fi
done

ls -l "$OUT"
