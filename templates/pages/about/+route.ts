export default '/about'
