#!/bin/sh
# Makes the example's sound files from synthesis, so that nothing recorded by anyone else is in the repository.
# Run in this folder with sox installed (Debian: apt-get install sox libsox-fmt-all): sh make-sounds.sh
set -eu
# A ship's bell, struck once: the effect.
sox -n -r 22050 -b 16 -c 1 bell.wav synth 1.5 pluck A5 pluck E6 remix 1-2 fade q 0.002 1.5 1.2 gain -n -3
# The harbour at night, six seconds that loop: filtered noise swelling like the sea, over a low fifth. The bed.
sox -n -r 22050 -c 1 sea.wav synth 6 brownnoise band -n 400 300 tremolo 0.5 50 gain -n -6
sox -n -r 22050 -c 1 fifth.wav synth 6 sine 110 sine 165 remix 1-2 gain -n -12
sox -m sea.wav fifth.wav -C 2 harbour.ogg gain -n -3
rm sea.wav fifth.wav
# Three plucked notes rising: the stinger before the last part.
sox -n -r 22050 -b 16 -c 1 sting.flac synth 2 pluck C4 pluck E4 pluck G4 remix 1-3 fade q 0.002 2 0.6 gain -n -3
