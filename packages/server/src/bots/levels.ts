// The one doorway to the computer opponents (@star-eater/bots): the pool's threads and the rooms import from here.
export {
  BOT_LEVELS,
  botAnswer,
  defaultBudget,
  type BotAnswer,
  type BotLevel,
  type BotOptions,
  type BotRequest,
} from '@star-eater/bots';
