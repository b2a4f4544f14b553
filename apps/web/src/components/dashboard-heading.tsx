export function DashboardHeading({ children }: { children: string }) {
  return <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{children}</h1>
}
