import { useEffect, useState } from 'react';
import { levelFromRms, litBars, rms, smoothLevel } from './mic-level';

/** Enough samples for a steady reading at 48 kHz (~21 ms), short enough to follow syllables. */
const FFT_SIZE = 1024;

/**
 * How many of the tester's bars the stream's loudness lights, read through a Web Audio AnalyserNode once per frame.
 * The component re-renders only when that number changes.
 */
export function useMicLevel(stream: MediaStream | null): number {
  const [lit, setLit] = useState(0);

  useEffect(() => {
    if (!stream) return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = FFT_SIZE;
    const source = context.createMediaStreamSource(stream);
    // The analyser only listens: it is not connected to the speakers, so the tester never echoes the mic.
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let level = 0;
    let shown = 0;
    let last = performance.now();
    let frame = 0;

    const tick = (now: number) => {
      analyser.getFloatTimeDomainData(samples);
      level = smoothLevel(level, levelFromRms(rms(samples)), now - last);
      last = now;
      const bars = litBars(level);
      if (bars !== shown) {
        shown = bars;
        setLit(bars);
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);

    // A page opened without a click starts its audio suspended (autoplay policy): the first gesture wakes it.
    const resume = () => void context.resume();
    if (context.state === 'suspended') {
      window.addEventListener('pointerdown', resume, { once: true });
      window.addEventListener('keydown', resume, { once: true });
    }

    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('pointerdown', resume);
      window.removeEventListener('keydown', resume);
      source.disconnect();
      void context.close();
      setLit(0);
    };
  }, [stream]);

  return stream ? lit : 0;
}
