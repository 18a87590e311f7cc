/* What the apps share of react-redux (see react-router.mjs for the rule). */
export {
  Provider,
  ReactReduxContext,
  batch,
  shallowEqual,
  useDispatch,
  useSelector,
  useStore,
} from 'shared-original/react-redux';
