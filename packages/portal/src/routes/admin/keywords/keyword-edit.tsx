// Being built in this issue; replaced by the real screen before it lands.
export default function Screen() {
  return <p>keyword-edit</p>;
}
