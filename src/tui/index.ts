export { App, type AppProps } from './App.js';
export { PushFeed, type Feed, type FeedEvent, type LoadingStatus, type TuiData } from './feed.js';
