/** The appointment page's illustration: a dental chair under its lamp. Decorative. */
export function ChairIllustration({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 480 380"
      width="480"
      height="380"
      className={className}
      aria-hidden="true"
      focusable="false"
      xmlns="http://www.w3.org/2000/svg"
    >
      <ellipse cx="250" cy="350" rx="200" ry="18" fill="#ccfbf1" />
      <circle cx="250" cy="180" r="160" fill="#f0fdfa" />
      {/* Lamp on its arm */}
      <path d="M392 340V70h-120" fill="none" stroke="#94a3b8" strokeWidth="10" strokeLinecap="round" />
      <path d="M242 58h60l-10 30h-40z" fill="#0f766e" />
      <ellipse cx="272" cy="90" rx="22" ry="6" fill="#fbbf24" />
      <path d="M262 98l-40 70h100l-40-70z" fill="#fde68a" opacity=".45" />
      <rect x="372" y="330" width="40" height="14" rx="7" fill="#64748b" />
      {/* Instrument tray */}
      <path d="M392 190h-58" stroke="#94a3b8" strokeWidth="8" strokeLinecap="round" />
      <rect x="300" y="176" width="64" height="12" rx="4" fill="#0e7490" />
      <rect x="310" y="166" width="6" height="12" rx="2" fill="#cbd5e1" />
      <rect x="322" y="162" width="6" height="16" rx="2" fill="#cbd5e1" />
      <rect x="334" y="168" width="6" height="10" rx="2" fill="#cbd5e1" />
      {/* Chair: base, column, seat, back, headrest and armrest */}
      <rect x="110" y="326" width="170" height="18" rx="9" fill="#475569" />
      <rect x="180" y="262" width="30" height="66" rx="8" fill="#64748b" />
      <path
        d="M96 250c0-14 10-24 24-24h150c24 0 40-14 52-34l14-22c6-10 20-12 28-4 8 8 6 18 0 28l-22 36c-16 26-40 44-72 44H120c-14 0-24-10-24-24z"
        fill="#0f766e"
      />
      <path d="M70 120c-6-14 2-28 16-32 14-4 26 4 30 16l34 120H106z" fill="#14b8a6" />
      <rect x="52" y="70" width="56" height="30" rx="15" fill="#0f766e" transform="rotate(-16 80 85)" />
      <rect x="120" y="200" width="92" height="16" rx="8" fill="#115e59" />
      <rect x="192" y="210" width="12" height="20" rx="4" fill="#115e59" />
      <path d="M336 166l24 8" stroke="#115e59" strokeWidth="14" strokeLinecap="round" />
      {/* A small plant in the corner */}
      <rect x="18" y="306" width="36" height="40" rx="6" fill="#fbbf24" />
      <path
        d="M36 306c-4-30-22-40-30-44 16 0 30 14 30 44zM36 306c2-34 18-48 30-52-6 14-14 30-30 52z"
        fill="#14b8a6"
      />
    </svg>
  )
}
