#!/bin/sh
# Makes the sample videos shipped with the course service (run once; the output is committed).
# Each is a 12 s, 640x360 colour card with its title, a progress bar and a soft chord:
# H.264 Constrained Baseline + AAC-LC mono, faststart, no metadata, so the bytes are reproducible.
# The workbook PDF is written by make-workbook-pdf.mjs beside this script.
set -eu
cd "$(dirname "$0")"
BOLD=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
REGULAR=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
SECONDS_LONG=12

card() { # file background accent title subtitle
  filter="[0:v][1:v]overlay=x=-640+640*t/$SECONDS_LONG:y=300,"
  filter="${filter}drawtext=fontfile=$BOLD:text='$4':fontcolor=white:fontsize=46:x=(w-tw)/2:y=128,"
  filter="${filter}drawtext=fontfile=$REGULAR:text='$5':fontcolor=$3:fontsize=22:x=(w-tw)/2:y=198,"
  filter="${filter}drawtext=fontfile=$REGULAR:text='Restaurant Management Mastery':fontcolor=0xbbbbbb:fontsize=14:x=16:y=h-th-16,"
  filter="${filter}drawtext=fontfile=$REGULAR:text='%{pts\:gmtime\:0\:%M\\\\\:%S}':fontcolor=0xbbbbbb:fontsize=14:x=w-tw-16:y=h-th-16,"
  filter="${filter}fade=t=in:st=0:d=0.6,fade=t=out:st=$(($SECONDS_LONG - 1)).4:d=0.6[v]"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "color=c=$2:s=640x360:r=25:d=$SECONDS_LONG" \
    -f lavfi -i "color=c=$3:s=640x6:r=25:d=$SECONDS_LONG" \
    -f lavfi -i "aevalsrc=0.06*sin(2*PI*261.63*t)+0.05*sin(2*PI*329.63*t)+0.04*sin(2*PI*392*t):s=44100:d=$SECONDS_LONG" \
    -filter_complex "$filter" -map '[v]' -map 2:a \
    -af "afade=t=in:st=0:d=0.6,afade=t=out:st=$(($SECONDS_LONG - 1)):d=1" \
    -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -crf 26 -g 50 \
    -c:a aac -b:a 48k -ac 1 \
    -movflags +faststart -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    "$1"
}

card introduction.mp4 0x1f3b2d 0xe0a84a 'Introduction' 'Why guests do not come back, and how to fix it'
card free-preview-1.mp4 0x5a2e1f 0xf2c57c 'Free Preview 1' 'The first sixty seconds at the table'
card free-preview-2.mp4 0x2d3a4f 0x8fc1e3 'Free Preview 2' 'Reading your restaurant like a guest'
card free-preview-3.mp4 0x3b2d4f 0xd9a7e8 'Free Preview 3' 'From 2-6 tables to 35+'
card section-introduction.mp4 0x243b3b 0x9ad9c2 'Section Introduction' 'What this section covers'
card member-lesson.mp4 0x2b2b2b 0xe0a84a 'Member Lesson' 'Included with the course'
