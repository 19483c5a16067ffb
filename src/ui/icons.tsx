import type { SVGProps } from 'react';

/** Line icons for menus (24×24, stroke = currentColor), named as the menu's menuIcon. */
const paths: Record<string, string> = {
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  app: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  apps: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  task: 'M9 11l3 3 8-8M20 12v7a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h11',
  flow: 'M9 11l3 3 8-8M20 12v7a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h11',
  notice: 'M4 10v4h3l5 4V6L7 10zM16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12',
  news: 'M4 10v4h3l5 4V6L7 10zM16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12',
  attendance: 'M12 7v5l3 3M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18z',
  schedule: 'M12 7v5l3 3M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18z',
  workbench: 'M3 7h18v12H3zM8 7V5h8v2M3 12h18',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6A7 7 0 0 0 5 12c0 .4 0 .8.1 1.2l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z',
  contacts: 'M16 11a4 4 0 1 0-8 0 4 4 0 0 0 8 0zM4 21a8 8 0 0 1 16 0',
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
  statements: 'M6 3h9l3 3v15H6zM9 9h6M9 13h6M9 17h4',
  file: 'M6 3h9l3 3v15H6zM9 9h6M9 13h6M9 17h4',
  sales: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  printer: 'M7 8V3h10v5M6 17H4v-7h16v7h-2M7 14h10v7H7z',
  alarm: 'M12 8v4l2 2M5 3L2 6M22 6l-3-3M12 21a8 8 0 1 1 0-16 8 8 0 0 1 0 16z',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  search: 'M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14zM21 21l-5-5',
  user: 'M16 8a4 4 0 1 1-8 0 4 4 0 0 1 8 0zM4 21a8 8 0 0 1 16 0',
  compass: 'M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18zM15.5 8.5l-2 5-5 2 2-5z',
  close: 'M6 6l12 12M18 6L6 18',
  chevron: 'M9 6l6 6-6 6',
  fold: 'M4 6h16M11 12h9M4 18h16M7 9l-3 3 3 3',
  unfold: 'M4 6h16M4 12h9M4 18h16M17 9l3 3-3 3',
  menu: 'M4 6h16M4 12h16M4 18h16',
};

/** The platform's (Ant Design) icon names, mapped onto ours. */
const aliases: Record<string, string> = {
  appstore: 'app',
  solution: 'task',
  notification: 'notice',
  desktop: 'workbench',
  setting: 'settings',
  'account-book': 'statements',
  'line-chart': 'sales',
  alert: 'alarm',
};

export function Icon({
  name,
  size = 20,
  ...rest
}: { name: string; size?: number } & SVGProps<SVGSVGElement>) {
  const d = paths[aliases[name] ?? name] ?? paths.file!;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}
