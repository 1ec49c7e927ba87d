export default '/admin/login'
