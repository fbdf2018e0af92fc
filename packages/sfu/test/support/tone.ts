/** Goertzel: the power of one frequency in a block of samples, normalised to the block's total energy (0…1). */
export function toneShare(samples: Int16Array, sampleRate: number, frequency: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate);
  let previous = 0;
  let beforePrevious = 0;
  let energy = 0;
  for (const sample of samples) {
    const current = sample + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
    energy += sample * sample;
  }
  const power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
  return energy === 0 ? 0 : (2 * power) / (samples.length * energy);
}

export function rms(samples: Int16Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return samples.length === 0 ? 0 : Math.sqrt(sum / samples.length);
}

/** 10 ms of a sine wave at `frequency`, continuing from sample index `start`. */
export function sineFrame(start: number, sampleRate: number, frequency: number, amplitude: number): Int16Array {
  const samples = new Int16Array(sampleRate / 100);
  for (let i = 0; i < samples.length; i += 1) {
    samples[i] = Math.round(amplitude * Math.sin((2 * Math.PI * frequency * (start + i)) / sampleRate));
  }
  return samples;
}
