/** What the shell knows about a route: title, guards, header and tab bar. */
export interface RouteMeta {
  /** Route title; page title = site name + this. */
  title: string;
  /** Needs a logged-in user. */
  login?: boolean;
  /** Needs the agent flag (implies login). */
  agent?: boolean;
  /** Only for visitors: a logged-in user goes to /home (login, register). */
  guestOnly?: boolean;
  /** A site module that must be switched on: games list, yuebao, live pages. */
  module?: 'games' | 'yuebao' | 'live';
  /** Shows the bottom tab bar (and no back arrow). */
  tab?: boolean;
  /** Draws its own header (home, user centre, system pages). */
  ownHeader?: boolean;
  /** Where the back arrow goes when neither back/from nor history applies. */
  parent?: string;
  /** Shows the customer-service button in the header ('webview' = only inside the app). */
  service?: true | 'webview';
}
