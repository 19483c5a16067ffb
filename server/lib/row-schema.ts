// The definition is the contract's: the finance query's answer declares its rows with it.
export { listRow } from '../../src/contract/fields';
