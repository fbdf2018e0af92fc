import { useId } from 'react';

export interface LogoProps {
  size?: number;
  className?: string;
}

/** The Beseda mark: a speech bubble with three dots ("a conversation"). Decorative. */
export function Logo({ size = 48, className }: LogoProps) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c83ff" />
          <stop offset="1" stopColor="#5146e0" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill={`url(#${gradient})`} />
      <path d="M18 20h28a6 6 0 0 1 6 6v12a6 6 0 0 1-6 6H32l-9 7v-7h-5a6 6 0 0 1-6-6V26a6 6 0 0 1 6-6z" fill="#fff" />
      <circle cx="24" cy="32" r="3" fill="#5b5cf0" />
      <circle cx="32" cy="32" r="3" fill="#5b5cf0" />
      <circle cx="40" cy="32" r="3" fill="#5b5cf0" />
    </svg>
  );
}

/** The mark alone, white on transparent, for the home button (its background is the button). */
export function LogoGlyph({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="12 14 42 40" aria-hidden="true" focusable="false">
      <path
        d="M18 20h28a6 6 0 0 1 6 6v12a6 6 0 0 1-6 6H32l-9 7v-7h-5a6 6 0 0 1-6-6V26a6 6 0 0 1 6-6z"
        fill="currentColor"
      />
      <circle cx="24" cy="32" r="3" fill="var(--logo-dot, #5b5cf0)" />
      <circle cx="32" cy="32" r="3" fill="var(--logo-dot, #5b5cf0)" />
      <circle cx="40" cy="32" r="3" fill="var(--logo-dot, #5b5cf0)" />
    </svg>
  );
}
