#!/usr/bin/env bash
# Renders the four hero loops from the store's own product artwork, in two cuts each:
#   web/public/videos/hero-N.{webm,mp4} + hero-N-{poster,thumb}.webp            landscape, 1280 × 720
#   web/public/videos/portrait/hero-N.{webm,mp4} + hero-N-{poster,thumb}.webp   portrait, 720 × 1280 (phones)
# and the home page's feature and about pictures (web/public/features/). A dev script: the outputs are committed,
# so neither `npm start` nor CI ever runs it.
#
# Each loop shows one shoe whole (scripts/home-media/ places it in the frame): side view → top → sole → back to the
# side view, with a slow push-in on each. The last cross-fade lands on the very first frame, so the loop has no
# visible seam, and the poster is that frame.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
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

FPS=24
HOLD=1.4            # seconds each view is shown on its own (a loop is 3 × (HOLD + FADE) = 6 s)
FADE=0.6            # seconds of each cross-fade
ZOOM=0.05           # how far each view pushes in
BUDGET=71680        # bytes per loop: 70 KB, the stack notes' upper figure for a phone-friendly loop
THUMB_W=480         # the preview button is at most 16rem wide
# What the preview button shows of each cut (hero.module.css crops its video the same way): the landscape cut
# enlarged PREVIEW_ZOOM times around the shoe; the portrait cut's 16:9 band around the shoe, PORTRAIT_BAND_Y down
# the rest of the frame.
PREVIEW_ZOOM=2.2
PORTRAIT_BAND_Y=0.06

ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

npx tsx "$ROOT/scripts/home-media/home-media.ts" stills "$WORK"
# landscape_cx, landscape_cy, portrait_cx, portrait_cy: where home-media.ts put the shoe, in fractions of the frame.
# shellcheck source=/dev/null
. "$WORK/frames.env"

# Encodes $WORK/master.mkv as $1 (webm: VP9 in two passes; mp4: H.264) into $2, starting at a CRF that suits the
# flat studio art and raising it until the file fits the budget (a detailed shoe, such as a knit, needs more).
encode_within_budget() {
  local format=$1 file=$2 crf max
  if [ "$format" = webm ]; then crf=50 max=60; else crf=33 max=42; fi
  while :; do
    if [ "$format" = webm ]; then
      ff -i "$WORK/master.mkv" -an -c:v libvpx-vp9 -b:v 0 -crf $crf -row-mt 1 -deadline good -cpu-used 1 -g 240 \
        -pass 1 -passlogfile "$WORK/vp9" -f null /dev/null
      ff -i "$WORK/master.mkv" -an -c:v libvpx-vp9 -b:v 0 -crf $crf -row-mt 1 -deadline good -cpu-used 1 -g 240 \
        -pass 2 -passlogfile "$WORK/vp9" -pix_fmt yuv420p "$file"
    else
      ff -i "$WORK/master.mkv" -an -c:v libx264 -preset veryslow -crf $crf -tune animation -profile:v high \
        -pix_fmt yuv420p -movflags +faststart "$file"
    fi
    if [ "$(stat -c %s "$file")" -le "$BUDGET" ] || [ $crf -ge $max ]; then return; fi
    crf=$((crf + 2))
  done
}

# One loop from hero-N-<shape>-{side,top,sole}.png (twice the output size) into the given folder.
#   $1 hero number, $2 shape, $3 width, $4 height, $5 shoe centre x, $6 shoe centre y (fractions), $7 folder
render_loop() {
  local i=$1 shape=$2 w=$3 h=$4 cx=$5 cy=$6 dir=$7
  local stills="$WORK/hero-$i-$shape"
  local first middle frames off1 off2 off3 total zoom
  # Clips overlap by FADE: the first has one fade, the middle two have two, and the closing clip is the side
  # view's first frame again, shown only for the final cross-fade (total = 3 × (HOLD + FADE)).
  first=$(awk "BEGIN { print $HOLD + $FADE }")
  middle=$(awk "BEGIN { print $HOLD + 2 * $FADE }")
  frames=$(awk "BEGIN { printf \"%d\", $middle * $FPS }")
  # The push-in keeps the shoe's centre where it is, so the shoe grows in place instead of drifting.
  zoom="zoompan=z='1+$ZOOM*on/$frames':x='iw*$cx*(1-1/zoom)':y='ih*$cy*(1-1/zoom)':d=1:s=${w}x$h:fps=$FPS"
  off1=$HOLD
  off2=$(awk "BEGIN { print 2 * $HOLD + $FADE }")
  off3=$(awk "BEGIN { print 3 * $HOLD + 2 * $FADE }")
  total=$(awk "BEGIN { print 3 * $HOLD + 3 * $FADE }")

  ff -loop 1 -framerate $FPS -t "$first" -i "$stills-side.png" \
    -loop 1 -framerate $FPS -t "$middle" -i "$stills-top.png" \
    -loop 1 -framerate $FPS -t "$middle" -i "$stills-sole.png" \
    -loop 1 -framerate $FPS -t "$FADE" -i "$stills-side.png" \
    -filter_complex "
      [0]$zoom,setsar=1[a];
      [1]$zoom,setsar=1[b];
      [2]$zoom,setsar=1[c];
      [3]scale=${w}:$h,fps=$FPS,setsar=1[d];
      [a][b]xfade=transition=fade:duration=$FADE:offset=$off1[ab];
      [ab][c]xfade=transition=fade:duration=$FADE:offset=$off2[abc];
      [abc][d]xfade=transition=fade:duration=$FADE:offset=$off3,format=yuv420p[v]" \
    -map '[v]' -t "$total" -c:v ffv1 "$WORK/master.mkv"

  mkdir -p "$dir"
  encode_within_budget webm "$dir/hero-$i.webm"
  encode_within_budget mp4 "$dir/hero-$i.mp4"
  # The poster is the loop's first frame, so swapping poster → video shows no jump.
  ff -i "$WORK/master.mkv" -frames:v 1 -c:v libwebp -quality 75 "$dir/hero-$i-poster.webp"
}

mkdir -p "$OUT/portrait"
for i in 1 2 3 4; do
  render_loop "$i" landscape 1280 720 "$landscape_cx" "$landscape_cy" "$OUT"
  render_loop "$i" portrait 720 1280 "$portrait_cx" "$portrait_cy" "$OUT/portrait"
  # The preview button's poster: what the button shows of each cut, small.
  ff -i "$OUT/hero-$i-poster.webp" \
    -vf "crop=iw/$PREVIEW_ZOOM:ih/$PREVIEW_ZOOM:iw*($landscape_cx-0.5/$PREVIEW_ZOOM):ih*($landscape_cy-0.5/$PREVIEW_ZOOM),scale=$THUMB_W:-2" \
    -frames:v 1 -c:v libwebp -quality 70 "$OUT/hero-$i-thumb.webp"
  ff -i "$OUT/portrait/hero-$i-poster.webp" \
    -vf "crop=iw:iw*9/16:0:(ih-iw*9/16)*$PORTRAIT_BAND_Y,scale=$THUMB_W:-2" \
    -frames:v 1 -c:v libwebp -quality 70 "$OUT/portrait/hero-$i-thumb.webp"
done

npx tsx "$ROOT/scripts/home-media/home-media.ts" images

# Every loop is fetched on the home page's first visit: each stays within the budget.
status=0
for file in "$OUT"/hero-*.webm "$OUT"/hero-*.mp4 "$OUT"/portrait/hero-*.webm "$OUT"/portrait/hero-*.mp4; do
  size=$(stat -c %s "$file")
  if [ "$size" -gt "$BUDGET" ]; then
    echo "$file is $size bytes: over the $BUDGET-byte budget; raise the CRF or shorten the loop." >&2
    status=1
  fi
done

ls -l "$OUT" "$OUT/portrait" "$ROOT/web/public/features"
exit $status
