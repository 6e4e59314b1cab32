#!/usr/bin/env bash
# Makes the demo stories' cover photos (DEMO DATA, of our own making): a photographic-looking
# scene per story (sky and ground gradients, a skyline of buildings with lit windows, a sun's
# glow, film grain and a lens blur), 1600x900 JPEG, so the image pipeline and Lighthouse see
# real photos. Deterministic: the same seed per story gives the same picture.
#
#   bash scripts/make-demo-photos.sh            writes db/seed/blogs/photos/*.jpg
#
# Needs ImageMagick 6 (`apt-get install -y imagemagick`); Debian's is /usr/bin/convert.
set -euo pipefail
cd "$(dirname "$0")/.."
CONVERT=${CONVERT:-/usr/bin/convert}
OUT=db/seed/blogs/photos
mkdir -p "$OUT"
W=1600
H=900

# name, sky top, sky bottom, ground, accent (the story's colour)
SCENES=(
  "fintech-campus-whitefield #6d9fc7 #f3d9a8 #4a5a3c #1f6f8b"
  "pune-warehouse-conversion #9fb4c8 #f0c48a #6b5a45 #7c2d12"
  "chennai-hospital-fm #7fb6d6 #eef2e6 #51624a #0f6b5f"
  "manufacturing-leadership #8a93b8 #f1c9a0 #4d4a48 #3b3f9e"
  "startup-lab-cohort #5e7fb8 #f6b8a0 #3f4a3a #6a2c91"
  "auction-school-libraries #a7b9cf #f3e1c0 #5c4b3b #8b1e3f"
  "tree-planting-mysuru #8cc0e0 #e9f0d0 #3d6b2a #2e6b1f"
  "mobile-health-camps #9ec3dc #f7dcb0 #7a6a48 #b91c1c"
  "monsoon-fit-out-powai #56677a #b9c2c8 #3a4540 #3d5066"
  "omr-vacancy-turnaround #7ea8cf #f5cf8f #5f5646 #7a5200"
  "campus-hiring-drive #6f9fd0 #eae6d8 #4b5d3f #1d4e89"
  "gallery-north-karnataka #b88fb0 #f6d6b6 #5a4a52 #a21caf"
  "kochi-tech-park-ifm #76b0c8 #e6efcf #405a30 #4d5d0f"
  "pre-leased-investment #93a6bb #efd3b0 #544a40 #5b4636"
  "ahmedabad-rd-lab #a3b8cc #f8c89a #6e5c48 #c2410c"
  "school-science-labs #7db4e0 #f2ead2 #48603e #0369a1"
)

seed=1
# next pseudo-random number in [0, $1), in R (no subshell, so the seed moves on)
rand() {
  seed=$(((seed * 1103515245 + 12345) % 2147483648))
  R=$(((seed / 65536) % $1))
}

for scene in "${SCENES[@]}"; do
  read -r name sky_top sky_bottom ground accent <<<"$scene"
  seed=$(( ${#name} * 7919 + $(printf '%d' "'${name:0:1}") ))
  rand 80; horizon=$((H * 6 / 10 + R))
  rand 1500; sun_x=$((200 + R))
  rand 200; sun_y=$((120 + R))
  draw=()
  x=-40
  while [ "$x" -lt "$W" ]; do
    rand 220; bw=$((120 + R))
    rand 420; bh=$((160 + R))
    top=$((horizon - bh))
    rand 60; shade=$((40 + R))
    draw+=(-fill "rgb($shade,$((shade + 8)),$((shade + 22)))" -draw "rectangle $x,$top $((x + bw)),$((horizon + 10))")
    wy=$((top + 20))
    while [ "$wy" -lt $((horizon - 30)) ]; do
      wx=$((x + 14))
      while [ "$wx" -lt $((x + bw - 24)) ]; do
        rand 3
        if [ "$R" -ne 0 ]; then
          rand 50; warm=$((200 + R)); rand 4
          draw+=(-fill "rgba(255,$warm,140,0.$((5 + R)))" -draw "rectangle $wx,$wy $((wx + 12)),$((wy + 16))")
        fi
        wx=$((wx + 26))
      done
      wy=$((wy + 30))
    done
    rand 60; x=$((x + bw + R))
  done
  "$CONVERT" -size "${W}x${H}" "gradient:${sky_top}-${sky_bottom}" \
    \( -size 420x420 radial-gradient:'rgba(255,250,220,0.9)'-'rgba(255,250,220,0)' \) \
    -geometry "+$((sun_x - 210))+$((sun_y - 210))" -composite \
    \( -size "${W}x$((H - horizon))" "gradient:${ground}-#1e2418" \) -geometry "+0+${horizon}" -composite \
    "${draw[@]}" \
    -fill "${accent}" -draw "rectangle 0,$((H - 90)) ${W},$((H - 60))" \
    -gaussian-blur 0x1.2 \
    -seed "$seed" -attenuate 0.35 +noise Gaussian \
    -sampling-factor 4:2:0 -strip -interlace JPEG -quality 78 \
    "$OUT/$name.jpg"
  echo "$OUT/$name.jpg $(stat -c %s "$OUT/$name.jpg") bytes"
done
