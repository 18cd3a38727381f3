// The long-term spectrum of a signal, to tell whether two renderings sound different: a radix-2 FFT over Hann-windowed
// frames, magnitudes summed. Plain code rather than a dependency: tests need only this.

/** Summed magnitude spectrum of `samples` over frames of `size` samples (a power of two); `size / 2` bins. */
export function longTermSpectrum(samples: Float32Array, size = 4096): Float64Array {
  const sum = new Float64Array(size / 2);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let start = 0; start + size <= samples.length; start += size) {
    for (let i = 0; i < size; i++) {
      re[i] = samples[start + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size));
      im[i] = 0;
    }
    fft(re, im);
    for (let k = 0; k < size / 2; k++) sum[k]! += Math.hypot(re[k]!, im[k]!);
  }
  return sum;
}

/** Cosine similarity of two spectra: 1 for the same shape, lower the more they differ. */
export function similarity(a: Float64Array, b: Float64Array): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    aa += a[i]! ** 2;
    bb += b[i]! ** 2;
  }
  return dot / Math.sqrt(aa * bb);
}

function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let length = 2; length <= n; length <<= 1) {
    const angle = (-2 * Math.PI) / length;
    for (let i = 0; i < n; i += length) {
      for (let k = 0; k < length / 2; k++) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const h = i + k + length / 2;
        const xr = re[h]! * wr - im[h]! * wi;
        const xi = re[h]! * wi + im[h]! * wr;
        re[h] = re[i + k]! - xr;
        im[h] = im[i + k]! - xi;
        re[i + k]! += xr;
        im[i + k]! += xi;
      }
    }
  }
}
