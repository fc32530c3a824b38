// Every domain's tables, gathered for drizzle's typed query API and drizzle-kit.
export * from '../accounts/schema';
export * from '../chat/schema';
export * from '../circles/schema';
export * from '../gifts/schema';
export * from '../live/schema';
export * from '../moderation/schema';
export * from '../news/schema';
export * from '../posts/schema';
export * from '../promos/schema';
export * from '../rate-limits/schema';
export * from '../scores/favourites-schema';
export * from '../scores/schema';
export * from '../storage/schema';
export * from '../system/schema';
export * from '../wallet/schema';
