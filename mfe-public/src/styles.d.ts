// Stylesheets are imported for their side effect; rspack bundles them.
declare module '*.css';
