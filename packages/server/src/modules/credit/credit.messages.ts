/** Messages of the credit calls that the specification does not word (designed). */
export const INVALID_CREDIT_AMOUNT = "Please enter an amount in SGD greater than 0 with at most two decimals";
export const INVALID_CREDIT_ACTION = "Please choose Add or Deduct";
